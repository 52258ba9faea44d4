package calibrate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/sqlcheck"
)

// allowed is every statement shape calibrate may send: reads, and writes
// that name the scratch schema ({schema}) as the database or the table's schema.
var allowed = []*regexp.Regexp{
	regexp.MustCompile(`^/\* mytune \*/ (SELECT|SHOW) `),
	regexp.MustCompile(`^/\* mytune \*/ (CREATE|DROP) DATABASE \{schema\}$`),
	regexp.MustCompile(`^/\* mytune \*/ (CREATE TABLE|DROP TABLE IF EXISTS|INSERT INTO) \{schema\}\.mytune_calibrate_[a-z]+( |$)`),
	// calibrate --dump: session settings of a dump loader, and the heads of
	// the statements built from a dump (TestDumpStatements checks those).
	regexp.MustCompile(`^/\* mytune \*/ SET (NAMES \?|SESSION foreign_key_checks = 0, unique_checks = 0, sql_mode = 'NO_AUTO_VALUE_ON_ZERO', time_zone = '\+00:00')$`),
	regexp.MustCompile(`^/\* mytune \*/ (CREATE TABLE|DROP TABLE IF EXISTS) \{schema\}\.$`),
	regexp.MustCompile(`^/\* mytune \*/ LOAD DATA LOCAL INFILE 'Reader::$`),
	// a batch's transaction, sent by calibrate itself (transaction.go)
	regexp.MustCompile(`^/\* mytune \*/ (START TRANSACTION|COMMIT|ROLLBACK)$`),
}

// queryConsts returns the constants of queries.go by name.
func queryConsts(t *testing.T) (map[string]ast.Expr, map[string]bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "queries.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts, stmts := map[string]ast.Expr{}, map[string]bool{}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.CONST {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				consts[name.Name] = vs.Values[i]
				if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "stmt" {
					stmts[name.Name] = true
				}
			}
		}
	}
	return consts, stmts
}

// TestStatementsStayInTheScratchSchema checks every stmt constant: tagged,
// one statement, and a write only inside {schema}.
func TestStatementsStayInTheScratchSchema(t *testing.T) {
	consts, stmts := queryConsts(t)
	if len(stmts) < 10 {
		t.Fatalf("found only %d statements in queries.go", len(stmts))
	}
	for name := range stmts {
		q, ok := sqlcheck.ConstString(consts[name], consts)
		if !ok {
			t.Errorf("%s is not a constant string", name)
			continue
		}
		if name == "qInsertRow" {
			if q != "(?, ?, ?)" {
				t.Errorf("qInsertRow = %q: must be a bare placeholder tuple", q)
			}
			continue
		}
		if strings.Contains(q, ";") || !matchesAny(q) {
			t.Errorf("%s = %q: must be one tagged SELECT/SHOW, or a write that names {schema}", name, q)
		}
	}
	if got := insertRows(2).in("s"); got != "/* mytune */ INSERT INTO `s`.mytune_calibrate_rows (k, c, pad) VALUES (?, ?, ?), (?, ?, ?)" {
		t.Errorf("insertRows(2) = %q", got)
	}
}

func matchesAny(q string) bool {
	for _, re := range allowed {
		if re.MatchString(q) {
			return true
		}
	}
	return false
}

// sendMethods are the database/sql methods that send SQL; their SQL
// argument must be X.in(schema), X a stmt (only queries.go makes those).
var sendMethods = map[string]bool{"ExecContext": true, "QueryContext": true, "QueryRowContext": true}

// forbiddenMethods send SQL without a context (no timeout) or prepare it,
// or make the driver send untagged statements (BeginTx: START TRANSACTION,
// then COMMIT or ROLLBACK).
var forbiddenMethods = map[string]bool{"Exec": true, "Query": true, "QueryRow": true, "Prepare": true, "PrepareContext": true,
	"Begin": true, "BeginTx": true}

// TestNoSQLOutsideQueries scans every non-test file of the package.
func TestNoSQLOutsideQueries(t *testing.T) {
	scanned, err := sqlcheck.Visit(".", "queries.go", func(file string, n ast.Node) {
		if s, ok := sqlcheck.SQLLiteral(n); ok {
			t.Errorf("%s: SQL-looking literal %q outside queries.go", file, s)
		}
		if x, ok := n.(*ast.CallExpr); ok {
			checkCall(t, file, x)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 5 {
		t.Fatalf("scanned only %d files", scanned)
	}
}

func checkCall(t *testing.T, file string, call *ast.CallExpr) {
	if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "stmt" {
		t.Errorf("%s: only queries.go may make a stmt", file)
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	if forbiddenMethods[sel.Sel.Name] {
		t.Errorf("%s: %s is not allowed (use the Context methods with a stmt from queries.go)", file, sel.Sel.Name)
	}
	if !sendMethods[sel.Sel.Name] {
		return
	}
	if len(call.Args) >= 2 {
		if in, ok := call.Args[1].(*ast.CallExpr); ok {
			if s, ok := in.Fun.(*ast.SelectorExpr); ok && s.Sel.Name == "in" {
				return
			}
		}
	}
	t.Errorf("%s: %s must be given X.in(schema) of a stmt from queries.go", file, sel.Sel.Name)
}
