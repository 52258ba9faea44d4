package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// onTargetCase is one case of TestOnTarget.
type onTargetCase struct {
	name          string
	dump          profile.Dump
	server        *profile.Server
	target        profile.Target // zero: the live server
	warning, note string         // "" none; else in it
}

// onTargetCases are the cases of TestOnTarget.
func onTargetCases() []onTargetCase {
	zero := 0
	live := func(schemas ...profile.SchemaUsage) *profile.Server {
		s := &profile.Server{Reachable: true, Source: "server", Flavor: profile.FlavorMariaDB, Version: "10.11.19-MariaDB", Schemas: schemas}
		for _, u := range schemas {
			s.Tables += u.Tables
		}
		return s
	}
	app := profile.SchemaUsage{Name: "app", Tables: 8, Bytes: 1 << 30}
	return []onTargetCase{
		{"mysqldump with DROP TABLE into a database that holds tables", profile.Dump{Format: "mysqldump", Databases: []string{"app"}, DropsTables: true},
			live(app), profile.Target{}, "`app` 8 tables (1.0 GiB): this file drops each of its tables that is among them", ""},
		{"mysqldump without DROP: the load stops at ERROR 1050", profile.Dump{Format: "mysqldump", Databases: []string{"app", "new"}},
			live(app), profile.Target{}, "ERROR 1050", ""},
		{"--no-create-info into tables that exist: ERROR 1062, not ERROR 1050", profile.Dump{Format: "mysqldump", Databases: []string{"app"}, CreatesNoTable: true},
			live(app), profile.Target{}, "the first row whose key the table already holds fails (ERROR 1062", ""},
		{"--no-create-info --insert-ignore: rows skipped", profile.Dump{Format: "mysqldump", Databases: []string{"app"}, CreatesNoTable: true, InsertVerb: "INSERT IGNORE"},
			live(app), profile.Target{}, "INSERT IGNORE skips, without an error", ""},
		{"--no-create-info --replace: rows overwritten", profile.Dump{Format: "mysqldump", Databases: []string{"app"}, CreatesNoTable: true, InsertVerb: "REPLACE"},
			live(app), profile.Target{}, "REPLACE overwrites", ""},
		{"--no-create-info into no table: the load fails, a warning", profile.Dump{Format: "mysqldump", Databases: []string{"new"}, CreatesNoTable: true},
			live(app), profile.Target{}, "ERROR 1146 (42S02)", ""},
		{"mysqldump dropping the database whole", profile.Dump{Format: "mysqldump", Databases: []string{"app"}, DropsTables: true, DropsDatabases: []string{"app"}},
			live(app), profile.Target{}, "drops `app` whole", ""},
		{"mydumper: myloader mixes rows", profile.Dump{Format: "mydumper", Databases: []string{"app"}},
			live(app), profile.Target{}, "mixing old and new rows", ""},
		{"none held: a note", profile.Dump{Format: "mydumper", Databases: []string{"new", "other"}},
			live(app), profile.Target{}, "", "none of the 2 databases the dump loads into (`new`, `other`) holds a table on TARGET (information_schema.TABLES)"},
		{"a file without USE into its header's database", profile.Dump{Format: "mysqldump", NoUseStatement: true, HeaderDatabase: "app"},
			live(app), profile.Target{}, "`app` 8 tables", ""},
		{"a file without USE or header: a placeholder, nothing said", profile.Dump{Format: "mysqldump", NoUseStatement: true},
			live(app), profile.Target{}, "", ""},
		{"an account without the mysql schema: said", profile.Dump{Format: "mydumper", Databases: []string{"new"}},
			func() *profile.Server { s := live(app); s.SystemTables = &zero; return s }(), profile.Target{}, "", "may not see every schema"},
		// review r7: a USAGE account on a target whose `shop` held 2 tables was told "the load drops and collides
		// with nothing there"
		{"an account without the mysql schema: no claim that nothing collides", profile.Dump{Format: "mydumper", Databases: []string{"shop"}},
			func() *profile.Server { s := live(app); s.SystemTables = &zero; return s }(), profile.Target{}, "",
			"so whether the load collides with tables there is not known: run SHOW TABLES FROM each as an account that sees every schema before loading"},
		{"the schemas unread: nothing said", profile.Dump{Format: "mydumper", Databases: []string{"new"}},
			func() *profile.Server { s := live(app); s.TablesError = "timeout"; return s }(), profile.Target{}, "", ""},
		{"too many schemas to list: nothing said", profile.Dump{Format: "mydumper", Databases: []string{"new"}},
			func() *profile.Server { s := live(); s.SchemasOmitted, s.Tables = 2000, 4000; return s }(), profile.Target{}, "", ""},
		{"another target than the server read: nothing said", profile.Dump{Format: "mydumper", Databases: []string{"app"}},
			live(app), profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0", Source: profile.SourceFlag}, "", ""},
		{"a capture of SHOW output (no tables read): nothing said", profile.Dump{Format: "mydumper", Databases: []string{"app"}},
			func() *profile.Server { s := live(); s.Source = profile.ServerSourceCapture; return s }(), profile.Target{}, "", ""},
		{"no server: nothing said", profile.Dump{Format: "mydumper", Databases: []string{"app"}}, nil, profile.Target{}, "", ""},
	}
}

// TestOnTarget: with the live target read in the same run, the plan says
// which of the databases the dump loads into hold tables there (a warning
// with what the line does to them) or that none does (a note); it says
// nothing it cannot back (no live target, no schema list, a placeholder
// database).
func TestOnTarget(t *testing.T) {
	cases := onTargetCases()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.dump
			p := &profile.Profile{Dump: &d, Server: c.server}
			w, n := onTarget(p, Options{Target: c.target})
			if (c.warning == "") != (w == "") || !strings.Contains(w, c.warning) {
				t.Errorf("warning %q, want %q in it", w, c.warning)
			}
			if (c.note == "") != (n == "") || !strings.Contains(n, c.note) {
				t.Errorf("note %q, want %q in it", n, c.note)
			}
		})
	}
}
