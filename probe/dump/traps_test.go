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
		name   string
		from   string
		remove string // a file taken out of the copy
		// emptied are files of the copy cut to 0 bytes; headerOnly are
		// files given the text mydumper 0.10 wrote for a table it could
		// not dump (mydumper-0.10-backtick's -schema.sql: no CREATE TABLE)
		emptied, headerOnly []string
		traps               string // kind:schema.table, "|"-joined
		noteHas             string
	}{
		{"a table named t-schema", "testdata/mydumper-0.10-oddnames", "", nil, nil, "table-named-like-a-schema-file:shop.t-schema",
			"myloader 0.10 may misread the tables named like mydumper's schema files (`shop`.`t-schema`): depending on the order the directory lists its files"},
		{"a database named db.dot", "testdata/mydumper-0.10-dbdot", "", nil, nil, "database-name-with-a-dot:db.dot",
			"myloader 0.10 misreads the databases named with a dot (`db.dot`)"},
		{"a dotted table without its schema file", "testdata/mydumper-0.10-oddnames", "shop.a.b-schema.sql", nil, nil,
			"table-named-like-a-schema-file:shop.t-schema|table-without-schema-file:shop.a.b", "tables without a -schema.sql file (`shop`.`a.b`)"},
		{"ordinary names: none", "testdata/mydumper-0.10-real", "", nil, nil, "", ""},
		{"names with a backtick mydumper 0.10 could not dump", "testdata/mydumper-0.10-backtick", "", nil, nil,
			"name-with-a-backtick:back`tick|name-with-a-backtick:ok.x`y",
			"myloader 0.10 cannot load the names with a backtick, which mydumper 0.10 could not dump (`back``tick`, `ok`.`x``y`): the dump holds no CREATE DATABASE, CREATE TABLE or rows for them"},
		{"an empty -schema-create.sql and a -schema.sql without CREATE TABLE", "testdata/mydumper-0.10-oddnames", "",
			[]string{"shop-schema-create.sql"}, []string{"shop.orders-schema.sql"},
			"schema-file-without-definition:shop|schema-file-without-definition:shop.orders|table-named-like-a-schema-file:shop.t-schema",
			"myloader 0.10 creates nothing from the empty -schema-create.sql and the -schema.sql without CREATE TABLE (`shop`, `shop`.`orders`)"},
		{"a database shop-schema is not, its table audit-schema is", "testdata/mydumper-0.10-hyphen", "", nil, nil,
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
			editFiles(t, dir, c.emptied, c.headerOnly)
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
			if got := strings.Contains(notes, "myloader 0.10 "); got != (c.noteHas != "") || !strings.Contains(notes, c.noteHas) {
				t.Errorf("notes %q, want one with %q", notes, c.noteHas)
			}
		})
	}
}

// editFiles cuts the files emptied to 0 bytes and gives the files
// headerOnly the text of a -schema.sql mydumper 0.10 wrote without a
// CREATE TABLE (testdata/mydumper-0.10-backtick).
func editFiles(t *testing.T, dir string, emptied, headerOnly []string) {
	t.Helper()
	header, err := os.ReadFile("testdata/mydumper-0.10-backtick/ok.x`y-schema.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range emptied {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range headerOnly {
		if err := os.WriteFile(filepath.Join(dir, f), header, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
