package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/sqlcheck"
)

// readOnly is what every query must look like: the tag, then SHOW or SELECT.
// A MariaDB statement limit (SET STATEMENT max_statement_time=N FOR)
// before a SELECT sets nothing beyond that statement.
var readOnly = regexp.MustCompile(`^/\* mytune \*/ (SET STATEMENT max_statement_time=\d+ FOR )?(SHOW|SELECT) `)

// sessionOnly is what a sessionSet constant must look like: the tag, then
// one of the session settings a writer's pool (calibrate) makes.
var sessionOnly = regexp.MustCompile(`^/\* mytune \*/ SET SESSION (sql_log_bin = 0|wsrep_on = 0|autocommit = 1)$`)

// TestQueriesAreReadOnly checks every constant of queries.go.
func TestQueriesAreReadOnly(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "queries.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			n += checkBuilder(t, fd)
			continue
		}
		gd, ok := d.(*ast.GenDecl)
		if ok && gd.Tok == token.TYPE {
			continue
		}
		if !ok || gd.Tok != token.CONST {
			t.Errorf("queries.go may hold only constants and query builders")
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				q, ok := sqlcheck.ConstString(vs.Values[i], nil)
				if !ok {
					t.Errorf("%s is not a constant string", name.Name)
					continue
				}
				n++
				if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "sessionSet" {
					if !sessionOnly.MatchString(q) {
						t.Errorf("%s = %q: a sessionSet must be a tagged SET SESSION of sql_log_bin, wsrep_on or autocommit", name.Name, q)
					}
					continue
				}
				if !readOnly.MatchString(q) || strings.Contains(q, ";") {
					t.Errorf("%s = %q: must start with \"/* mytune */ SHOW\" or \"/* mytune */ SELECT\" and hold one statement", name.Name, q)
				}
			}
		}
	}
	if n < 5 {
		t.Fatalf("found only %d queries in queries.go", n)
	}
}

// checkBuilder checks a query builder of queries.go: one statement,
// return query(…) of string literals and the function's own parameters
// joined by +, whose text with each parameter as a name (x) is a tagged
// SHOW or SELECT of one statement. Its callers pass names of [a-z0-9_]
// only (reNameAsked). It returns 1 for a builder that passes.
func checkBuilder(t *testing.T, fd *ast.FuncDecl) int {
	t.Helper()
	params := map[string]bool{}
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			params[n.Name] = true
		}
	}
	var ret *ast.ReturnStmt
	if len(fd.Body.List) == 1 {
		ret, _ = fd.Body.List[0].(*ast.ReturnStmt)
	}
	var call *ast.CallExpr
	if ret != nil && len(ret.Results) == 1 {
		call, _ = ret.Results[0].(*ast.CallExpr)
	}
	if call == nil || len(call.Args) != 1 || !isIdent(call.Fun, "query") {
		t.Errorf("%s: a builder in queries.go must be one return query(…)", fd.Name.Name)
		return 0
	}
	text, ok := joinedText(call.Args[0], params)
	if !ok || !readOnly.MatchString(text) || strings.Contains(text, ";") {
		t.Errorf("%s builds %q: must be string literals and its parameters joined by +, a tagged SHOW or SELECT of one statement", fd.Name.Name, text)
		return 0
	}
	return 1
}

// joinedText is e, a + chain of string literals and parameters, with each
// parameter written as x; ok is false for anything else.
func joinedText(e ast.Expr, params map[string]bool) (string, bool) {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		l, ok1 := joinedText(x.X, params)
		r, ok2 := joinedText(x.Y, params)
		return l + r, ok1 && ok2 && x.Op == token.ADD
	case *ast.Ident:
		return "x", params[x.Name]
	case *ast.BasicLit:
		s, ok := sqlcheck.ConstString(x, nil)
		return s, ok && x.Kind == token.STRING
	}
	return "", false
}

// isIdent reports whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// queryMethods are the database/sql methods that send SQL; the argument
// after the context must be a constant of queries.go.
var queryMethods = map[string]bool{"QueryContext": true, "QueryRowContext": true}

// forbiddenMethods send statements that may change the server.
var forbiddenMethods = map[string]bool{"Exec": true, "ExecContext": true, "Prepare": true, "PrepareContext": true,
	"Query": true, "QueryRow": true, "Begin": true, "BeginTx": true}

// TestNoSQLOutsideQueries scans every non-test file of the package.
func TestNoSQLOutsideQueries(t *testing.T) {
	qf, _ := parser.ParseFile(token.NewFileSet(), "queries.go", nil, 0)
	queries := map[string]bool{}
	for name := range qf.Scope.Objects {
		queries[name] = true
	}
	_, err := sqlcheck.Visit(".", "queries.go", func(file string, n ast.Node) {
		if s, ok := sqlcheck.SQLLiteral(n); ok {
			t.Errorf("%s: SQL-looking literal %q outside queries.go", file, s)
		}
		if x, ok := n.(*ast.CallExpr); ok {
			checkCall(t, file, x, queries)
			if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "query" {
				t.Errorf("%s: only queries.go may make a query", file)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func checkCall(t *testing.T, file string, call *ast.CallExpr, queries map[string]bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	if sel.Sel.Name == "ExecContext" && file == "sessionsets.go" && isString(call, "s") {
		return // a sessionSet of queries.go, on a new connection (sessionConnector)
	}
	if forbiddenMethods[sel.Sel.Name] {
		t.Errorf("%s: %s is not allowed (SHOW/SELECT through QueryContext only)", file, sel.Sel.Name)
	}
	if !queryMethods[sel.Sel.Name] || len(call.Args) < 2 {
		return
	}
	// Allowed: string(qX) with a constant of queries.go, or string(q)
	// with a parameter of type query (only queries.go makes those).
	conv, ok := call.Args[1].(*ast.CallExpr)
	if ok && len(conv.Args) == 1 {
		fn, ok1 := conv.Fun.(*ast.Ident)
		arg, ok2 := conv.Args[0].(*ast.Ident)
		if ok1 && ok2 && fn.Name == "string" && (queries[arg.Name] || arg.Name == "q") {
			return
		}
	}
	t.Errorf("%s: %s must be given string(q) of a query from queries.go", file, sel.Sel.Name)
}

// isString reports whether call's second argument is string(name).
func isString(call *ast.CallExpr, name string) bool {
	if len(call.Args) < 2 {
		return false
	}
	conv, ok := call.Args[1].(*ast.CallExpr)
	if !ok || len(conv.Args) != 1 {
		return false
	}
	fn, ok1 := conv.Fun.(*ast.Ident)
	arg, ok2 := conv.Args[0].(*ast.Ident)
	return ok1 && ok2 && fn.Name == "string" && arg.Name == name
}
