package dump

import (
	"context"
	"strings"
	"testing"
)

// TestMydumperDatabaseNames: a mydumper 0.10 dump names each database
// whole in its db-schema-create.sql, so a database named with a dot
// (bulk.db.t1.sql) is read as that database, not cut at its first dot,
// and a table named with a dot keeps its dot (sh.op.t.x.sql: `sh.op`.`t.x`).
func TestMydumperDatabaseNames(t *testing.T) {
	cases := []struct {
		name      string
		dir       string
		databases string // Databases, "|"-joined
		schemas   int
		tables    string // the table names, largest first, "|"-joined
	}{
		{"a database named with a dot", "testdata/mydumper-0.10-dbdot", "db.dot", 1, "db.dot.t1"},
		{"a dotted database and a dotted table", "testdata/mydumper-0.10-dbdot-tabledot", "sh.op", 1, "sh.op.t.x|sh.op.t2"},
		{"a dotted table of an undotted database", "testdata/mydumper-0.10-oddnames", "shop", 1, "shop.orders|shop.a.b|shop.t-schema"},
		{"a database named with -schema", "testdata/mydumper-0.10-hyphen", "shop-schema", 1, "shop-schema.orders|shop-schema.audit-schema"},
		{"no -schema-create.sql (mydumper -m): names as the files give them", "testdata/mydumper-0.10-noschemas", "tiny", 1, "tiny.t|tiny.u"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Read(context.Background(), c.dir)
			if err != nil {
				t.Fatal(err)
			}
			var tables []string
			for _, tb := range d.TopTables {
				tables = append(tables, tb.Name)
			}
			if got := strings.Join(d.Databases, "|"); got != c.databases || d.Schemas != c.schemas {
				t.Errorf("Databases %q, Schemas %d; want %q, %d", got, d.Schemas, c.databases, c.schemas)
			}
			if got := strings.Join(tables, "|"); got != c.tables {
				t.Errorf("tables %q, want %q", got, c.tables)
			}
		})
	}
}

// TestSplitAtDatabase: a file's database is the longest one the dump
// creates that its name begins with.
func TestSplitAtDatabase(t *testing.T) {
	cases := []struct {
		name, file string
		files      []string
		schema     string
		table      string
	}{
		{"dotted database", "bulk.db.t1.sql", []string{"bulk.db-schema-create.sql"}, "bulk.db", "t1"},
		{"dotted database, gzip", "bulk.db.t1.00001.sql.gz", []string{"bulk.db-schema-create.sql.gz"}, "bulk.db", "t1"},
		{"dotted database, schema file", "my db.v1.t-1-schema.sql", []string{"my db.v1-schema-create.sql"}, "my db.v1", "t-1"},
		{"two dots in the database", "a.b.c.t.sql", []string{"a.b.c-schema-create.sql"}, "a.b.c", "t"},
		{"the longest database wins", "a.b.t.sql", []string{"a-schema-create.sql", "a.b-schema-create.sql"}, "a.b", "t"},
		{"a dotted table of database a", "a.b.t.sql", []string{"a-schema-create.sql"}, "a", "b.t"},
		{"no database files: cut at the first dot", "a.b.t.sql", nil, "a", "b.t"},
		{"a table's data named like a dotted database's file is not one", "a.b.t.sql",
			[]string{"a-schema-create.sql", "a.b-schema-create.sql", "a.b-schema-create-schema.sql"}, "a", "b.t"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := fileSet{c.file: 1}
			for _, f := range c.files {
				files[f] = 1
			}
			f := classifyMydumperIn(files, c.file)
			if f.schema != c.schema || f.table != c.table {
				t.Errorf("%s: schema %q table %q, want %q %q", c.file, f.schema, f.table, c.schema, c.table)
			}
		})
	}
}
