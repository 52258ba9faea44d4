package dump

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMyloaderTraps: the names myloader 0.10 reads wrong in real mydumper
// dumps (a table named t-schema, a database named db.dot) and a table
// whose -schema.sql is missing are listed and noted; a dotted table with
// its schema file (shop.`a.b`, which myloader 0.10 loads right) is not.
func TestMyloaderTraps(t *testing.T) {
	cases := []struct {
		name    string
		from    string
		remove  string // a file taken out of the copy
		traps   string // kind:schema.table, "|"-joined
		noteHas string
	}{
		{"a table named t-schema", "testdata/mydumper-0.10-oddnames", "", "table-named-like-a-schema-file:shop.t-schema",
			"myloader 0.10 may misread the tables named like mydumper's schema files (`shop`.`t-schema`): depending on the order the directory lists its files"},
		{"a database named db.dot", "testdata/mydumper-0.10-dbdot", "", "database-name-with-a-dot:db.dot",
			"myloader 0.10 misreads the databases named with a dot (`db.dot`)"},
		{"a dotted table without its schema file", "testdata/mydumper-0.10-oddnames", "shop.a.b-schema.sql",
			"table-named-like-a-schema-file:shop.t-schema|table-without-schema-file:shop.a.b", "tables without a -schema.sql file (`shop`.`a.b`)"},
		{"ordinary names: none", "testdata/mydumper-0.10-real", "", "", ""},
		{"a database shop-schema is not, its table audit-schema is", "testdata/mydumper-0.10-hyphen", "",
			"table-named-like-a-schema-file:shop-schema.audit-schema", "(`shop-schema`.`audit-schema`)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			copyDir(t, c.from, dir)
			if c.remove != "" {
				if err := os.Remove(filepath.Join(dir, c.remove)); err != nil {
					t.Fatal(err)
				}
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, tr := range d.LoaderTraps {
				got = append(got, tr.Kind+":"+strings.TrimSuffix(tr.Schema+"."+tr.Table, "."))
			}
			notes := strings.Join(d.Notes, "|")
			if strings.Join(got, "|") != c.traps {
				t.Errorf("LoaderTraps = %q, want %q", strings.Join(got, "|"), c.traps)
			}
			if got := strings.Contains(notes, "myloader 0.10 m"); got != (c.noteHas != "") || !strings.Contains(notes, c.noteHas) {
				t.Errorf("notes %q, want one with %q", notes, c.noteHas)
			}
		})
	}
}
