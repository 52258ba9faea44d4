package threads

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

// TestLoaderTrapNotes: a mydumper dump with names myloader 0.10 reads
// wrong gets a warning per kind in the load plan, with what to do.
func TestLoaderTrapNotes(t *testing.T) {
	cases := []struct {
		name  string
		traps []profile.DumpLoaderTrap
		comp  string
		want  string
	}{
		{"t-schema: its rows loaded with mysql after", []profile.DumpLoaderTrap{{Kind: trapSchemaFileName, Schema: "shop", Table: "t-schema"}}, "none",
			"load its rows with mysql: mysql --host TARGET --user USER -p shop < /d/shop.t-schema.sql"},
		{"t-schema, gzip", []profile.DumpLoaderTrap{{Kind: trapSchemaFileName, Schema: "shop", Table: "t-schema"}}, "gzip",
			"gunzip -c /d/shop.t-schema.sql.gz | mysql --host TARGET --user USER -p shop"},
		{"db.dot: loaded into db", []profile.DumpLoaderTrap{{Kind: trapDottedSchema, Schema: "db.dot"}}, "none",
			"the myloader line loads `db.dot` into the database named by the part before the dot"},
		{"no schema file", []profile.DumpLoaderTrap{{Kind: trapNoTableSchema, Schema: "shop", Table: "a.b"}}, "none",
			"the dump has no -schema.sql for `shop`.`a.b`"},
		{"a stray .sql.bak: move it out", []profile.DumpLoaderTrap{{Kind: trapStrayFile, File: "st.t.sql.bak"}}, "none",
			"WARNING: myloader 0.10 loads every file of the directory whose name contains .sql: st.t.sql.bak are not the dump's own files"},
		{"none: no warning", nil, "none", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mydumper", Path: "/d", Compression: c.comp, TotalBytes: 1e6, Tables: 3, Chunks: 3, LoaderTraps: c.traps}
			notes := strings.Join(Size(prof(2, 0, fastCurve, d), Options{Task: TaskLoad}).Notes, "|")
			if c.want == "" && strings.Contains(notes, "WARNING") || !strings.Contains(notes, c.want) {
				t.Errorf("notes %s\nwant one with %q", notes, c.want)
			}
		})
	}
}

// TestSchemaFileNameLoadRunsOnMariaDB: on a real MariaDB, myloader 0.10
// as printed leaves the table t-schema of a real mydumper 0.10 dump empty
// (exit 1), and the mysql line the warning gives loads its rows.
func TestSchemaFileNameLoadRunsOnMariaDB(t *testing.T) {
	for _, tool := range []string{"myloader", "bash", "mysql"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	dir, err := filepath.Abs("../../probe/dump/testdata/mydumper-0.10-oddnames")
	if err != nil {
		t.Fatal(err)
	}
	dst := testmariadb.Start(t)
	rootExec(t, dst, "CREATE USER '"+toolUser+"'@'%' IDENTIFIED BY '"+toolPass+"'",
		"CREATE USER '"+toolUser+"'@'localhost' IDENTIFIED BY '"+toolPass+"'",
		"GRANT ALL ON *.* TO '"+toolUser+"'@'%'", "GRANT ALL ON *.* TO '"+toolUser+"'@'localhost'")
	d := &profile.Dump{Format: "mydumper", Path: dir, Compression: "none", TotalBytes: 2000, Tables: 3, Chunks: 3,
		LoaderTraps: []profile.DumpLoaderTrap{{Kind: trapSchemaFileName, Schema: "shop", Table: "t-schema"}}}
	plan := Size(withServer(prof(2, 0, fastCurve, d), server("mariadb", "10.11.6-MariaDB", nil)), Options{Task: TaskLoad})
	runLine(t, fill(onlyLine(t, plan.Commands, "myloader "), "TARGET", dst.Port), false)
	if n := rowCount(t, dst, "SELECT COUNT(*) FROM shop.`t-schema`"); n != 0 {
		t.Fatalf("myloader 0.10 loaded %d rows of shop.`t-schema`: the trap is gone, revisit the warning", n)
	}
	lines := schemaFileNameLoads(dirsOf(d))
	if len(lines) != 1 {
		t.Fatalf("want one mysql line, got %q", lines)
	}
	runLine(t, strings.Replace(fill(lines[0], "TARGET", dst.Port), " -p", " -p'"+toolPass+"'", 1), true)
	for q, want := range map[string]int{"SELECT COUNT(*) FROM shop.`t-schema`": 5, "SELECT COUNT(*) FROM shop.orders": 30, "SELECT COUNT(*) FROM shop.`a.b`": 7} {
		if n := rowCount(t, dst, q); n != want {
			t.Errorf("%s = %d, want %d", q, n, want)
		}
	}
}
