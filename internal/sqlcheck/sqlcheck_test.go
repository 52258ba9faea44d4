package sqlcheck

import (
	"go/parser"
	"testing"
)

func TestConstStringAndSQLLike(t *testing.T) {
	cases := []struct {
		name, expr string
		want       string
		ok, sql    bool
	}{
		{"literal", `"/* mytune */ SELECT 1"`, "/* mytune */ SELECT 1", true, true},
		{"concatenation", `"SHOW " + "VARIABLES"`, "SHOW VARIABLES", true, true},
		{"parenthesised", `("DROP " + "TABLE x")`, "DROP TABLE x", true, true},
		{"not sql", `"hello world"`, "hello world", true, false},
		{"comment then sql", `"/* a */ /* b */ insert into t values (1)"`, "/* a */ /* b */ insert into t values (1)", true, true},
		{"not a string", `42`, "", false, false},
		{"subtraction", `"a" - "b"`, "ab", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, err := parser.ParseExpr(c.expr)
			if err != nil {
				t.Fatal(err)
			}
			got, ok := ConstString(e, nil)
			if ok != c.ok || (ok && got != c.want) {
				t.Fatalf("ConstString(%s) = %q, %v", c.expr, got, ok)
			}
			if ok && SQLLike.MatchString(got) != c.sql {
				t.Errorf("SQLLike(%q) = %v, want %v", got, !c.sql, c.sql)
			}
		})
	}
}
