package threads

import (
	"context"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

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
		{"t-schema: its rows loaded with mysql after, only if still empty", []profile.DumpLoaderTrap{{Kind: trapSchemaFileName, Schema: "shop", Table: "t-schema"}}, "none",
			`[ "$(mysql --host TARGET --user USER -p -N -e 'SELECT COUNT(*) FROM ` + "`shop`.`t-schema`" + `')" = 0 ] && mysql --host TARGET --user USER -p shop < /d/shop.t-schema.sql`},
		{"t-schema, gzip", []profile.DumpLoaderTrap{{Kind: trapSchemaFileName, Schema: "shop", Table: "t-schema"}}, "gzip",
			`= 0 ] && gunzip -c /d/shop.t-schema.sql.gz | mysql --host TARGET --user USER -p shop`},
		{"t-schema: the note says myloader may, not does, skip it", []profile.DumpLoaderTrap{{Kind: trapSchemaFileName, Schema: "shop", Table: "t-schema"}}, "none",
			"myloader 0.10 may read the data file of a table named like a schema file (db.t-schema.sql) as another table's CREATE TABLE and leave that table empty; whether it does depends on the order"},
		{"t-schema: quotes and back quotes in names quoted for SQL and bash", []profile.DumpLoaderTrap{{Kind: trapSchemaFileName, Schema: "it's", Table: "a`b-schema"}}, "none",
			`[ "$(mysql --host TARGET --user USER -p -N -e 'SELECT COUNT(*) FROM ` + "`it'\\''s`.`a``b-schema`" + `')" = 0 ] && mysql --host TARGET --user USER -p 'it'\''s' < '/d/it'\''s.a` + "`" + `b-schema.sql'`},
		{"db.dot: loaded into db", []profile.DumpLoaderTrap{{Kind: trapDottedSchema, Schema: "db.dot"}}, "none",
			"the myloader line loads `db.dot` into the database named by the part before the dot"},
		{"no schema file", []profile.DumpLoaderTrap{{Kind: trapNoTableSchema, Schema: "shop", Table: "a.b"}}, "none",
			"the dump has no -schema.sql for `shop`.`a.b`"},
		{"a stray .sql.bak: move it out", []profile.DumpLoaderTrap{{Kind: trapStrayFile, File: "st.t.sql.bak"}}, "none",
			"WARNING: myloader 0.10 loads every file of the directory whose name contains .sql: st.t.sql.bak are not the dump's own files"},
		{"a database with a backtick: missing on TARGET, dumped with mariadb-dump instead", []profile.DumpLoaderTrap{{Kind: trapBacktickName, Schema: "back`tick"}}, "none",
			"so they will be missing on TARGET. Dump them with mariadb-dump instead and load that with mysql: mariadb-dump --host SOURCE --user USER -p --databases 'back`tick' > /path/to/back_tick.sql; mysql --host TARGET --user USER -p < /path/to/back_tick.sql; or rename"},
		{"a table with a backtick: dumped alone, loaded into its database", []profile.DumpLoaderTrap{{Kind: trapBacktickName, Schema: "it's", Table: "x`y"}}, "none",
			`mariadb-dump --host SOURCE --user USER -p 'it'\''s' 'x` + "`" + `y' > '/path/to/it'\''s.x_y.sql'; mysql --host TARGET --user USER -p 'it'\''s' < '/path/to/it'\''s.x_y.sql'`},
		{"an empty -schema-create.sql: says the load fails or leaves it out", []profile.DumpLoaderTrap{{Kind: trapNoDefinition, Schema: "shop"}, {Kind: trapNoDefinition, Schema: "shop", Table: "orders"}}, "none",
			"WARNING: the dump holds no definition for `shop`, `shop`.`orders` (an empty -schema-create.sql or a -schema.sql without CREATE TABLE"},
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

// TestSchemaFileNameLoadRunsOnMariaDB: on a real MariaDB, after myloader
// 0.10 as printed (which may or may not load a table named like a schema
// file: oddnames' t-schema stays empty, trap2's n1, n4-n7 load, measured),
// the lines the warning gives leave every such table with its rows once,
// and run a second time add none.
func TestSchemaFileNameLoadRunsOnMariaDB(t *testing.T) {
	for _, tool := range []string{"myloader", "bash", "mysql"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	cases := []struct {
		name, dir, schema, comp string
		want                    map[string]int // table: rows in the source
	}{
		{"oddnames: t-schema left empty, with a primary key", "mydumper-0.10-oddnames", "shop", "none",
			map[string]int{"t-schema": 5, "orders": 30, "a.b": 7}},
		{"trap2: 8 tables, some loaded by myloader, no primary key", "mydumper-0.10-trap2", "trap2", "gzip",
			map[string]int{"n1-schema": 5, "n2-schema": 5, "n3-schema": 5, "n4-schema": 5, "n5-schema": 5, "n6-schema": 5, "n7-schema": 5, "n8-schema": 5}},
	}
	dst := testmariadb.Start(t)
	rootExec(t, dst, "CREATE USER '"+toolUser+"'@'%' IDENTIFIED BY '"+toolPass+"'",
		"CREATE USER '"+toolUser+"'@'localhost' IDENTIFIED BY '"+toolPass+"'",
		"GRANT ALL ON *.* TO '"+toolUser+"'@'%'", "GRANT ALL ON *.* TO '"+toolUser+"'@'localhost'")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, err := filepath.Abs("../../probe/dump/testdata/" + c.dir)
			if err != nil {
				t.Fatal(err)
			}
			var traps []profile.DumpLoaderTrap
			for table := range c.want {
				if strings.HasSuffix(table, "-schema") {
					traps = append(traps, profile.DumpLoaderTrap{Kind: trapSchemaFileName, Schema: c.schema, Table: table})
				}
			}
			d := &profile.Dump{Format: "mydumper", Path: dir, Compression: c.comp, TotalBytes: 2000, Tables: len(c.want), Chunks: len(c.want), LoaderTraps: traps}
			plan := Size(withServer(prof(2, 0, fastCurve, d), server("mariadb", "10.11.6-MariaDB", nil)), Options{Task: TaskLoad})
			runAny(t, fill(onlyLine(t, plan.Commands, "myloader "), "TARGET", dst.Port))
			conn := "--host 127.0.0.1 --port " + strconv.Itoa(dst.Port) + " --user " + toolUser + " -p'" + toolPass + "'"
			for _, pass := range []string{"first", "second"} {
				for _, line := range schemaFileNameLoads(dirsOf(d)) {
					runAny(t, strings.ReplaceAll(line, "--host TARGET --user USER -p", conn))
				}
				for table, want := range c.want {
					if n := rowCount(t, dst, "SELECT COUNT(*) FROM `"+c.schema+"`.`"+table+"`"); n != want {
						t.Errorf("after the %s run of the lines: %s.%s has %d rows, want %d", pass, c.schema, table, n, want)
					}
				}
			}
		})
	}
}

// runAny runs a line in bash and logs its exit and output, whatever they are.
func runAny(t *testing.T, line string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", line)
	cmd.Stdin = strings.NewReader(toolPass + "\n")
	out, err := cmd.CombinedOutput()
	t.Logf("%s: exit %v\n%s", line, err, tailOf(string(out)))
}
