// Package sqlcheck holds what the query-safety tests of probe/server and
// calibrate share: recognising SQL in Go source and evaluating string
// constants without running the code. Those tests prove that mytune sends
// only the statements its queries.go files declare.
package sqlcheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// SQLLike matches a string that starts (after comments) with an SQL verb.
var SQLLike = regexp.MustCompile(`(?is)^\s*(/\*.*?\*/\s*)*(SELECT|SHOW|SET|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|GRANT|REVOKE|KILL|FLUSH|RESET|PURGE|START|STOP|CHANGE|LOAD|TRUNCATE|CALL|DO|HANDLER|LOCK|UNLOCK|INSTALL|UNINSTALL|USE|RENAME|OPTIMIZE|ANALYZE|REPAIR|BINLOG|EXECUTE|PREPARE)\b`)

// ConstString evaluates a string literal, a + concatenation of them, or a
// named constant found in consts (nil: none).
func ConstString(e ast.Expr, consts map[string]ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		a, ok1 := ConstString(x.X, consts)
		b, ok2 := ConstString(x.Y, consts)
		return a + b, ok1 && ok2 && x.Op == token.ADD
	case *ast.ParenExpr:
		return ConstString(x.X, consts)
	case *ast.Ident:
		if v, ok := consts[x.Name]; ok {
			return ConstString(v, consts)
		}
	}
	return "", false
}

// Visit parses every non-test Go file of dir except skip and calls fn on
// each node; it returns how many files it parsed.
func Visit(dir, skip string, fn func(file string, n ast.Node)) (int, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, path := range files {
		file := filepath.Base(path)
		if strings.HasSuffix(file, "_test.go") || file == skip {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return n, err
		}
		n++
		ast.Inspect(f, func(node ast.Node) bool {
			fn(file, node)
			return true
		})
	}
	return n, nil
}

// SQLLiteral reports an SQL-looking string literal at node, for a
// Visit callback: SQL belongs in queries.go only.
func SQLLiteral(node ast.Node) (string, bool) {
	lit, ok := node.(*ast.BasicLit)
	if !ok {
		return "", false
	}
	s, ok := ConstString(lit, nil)
	return s, ok && SQLLike.MatchString(s)
}
