package dump

import (
	"context"
	"strings"
	"testing"
)

// TestCaseCollisions: real dumps holding names that differ only in letter
// case (databases casey and CASEY, tables casey.Foo and casey.foo) list
// them, in every dump format that holds them; dumps of distinct names
// list none.
func TestCaseCollisions(t *testing.T) {
	both := "`CASEY` and `casey`|`casey`.`Foo` and `casey`.`foo`"
	cases := []struct {
		name, path, want string
	}{
		{"mydumper 0.10", "testdata/mydumper-0.10-case", both},
		{"mariadb-dump --databases", "testdata/mariadb-dump-10.11-case.sql", both},
		{"mydumper, distinct names", "testdata/mydumper-0.10-real", ""},
		{"mariadb-dump, distinct names", "testdata/mariadb-dump-10.11.sql", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Read(context.Background(), c.path)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(d.CaseCollisions, "|"); got != c.want {
				t.Errorf("case collisions %q, want %q", got, c.want)
			}
		})
	}
}

// TestCollideNoDatabase: a mysqldump file that selects no database keeps
// its tables under "": they collide by table name alone.
func TestCollideNoDatabase(t *testing.T) {
	tl := newTally()
	tl.table("", "Foo")
	tl.table("", "foo")
	tl.table("", "bar")
	if got := strings.Join(tl.caseCollisions(), "|"); got != "`Foo` and `foo`" {
		t.Errorf("got %q", got)
	}
}
