package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// r52Objects are the dump of review r52: two of each kind, one run as
// root@localhost, one as app@%, in database shop.
func r52Objects() []profile.DumpObject {
	var out []profile.DumpObject
	for _, k := range []string{"event", "function", "procedure", "trigger", "view"} {
		for _, d := range []string{"app@%", "root@localhost"} {
			out = append(out, profile.DumpObject{Kind: k, Schema: "shop", Name: k[:1] + "_" + d[:strings.Index(d, "@")], Definer: d})
		}
	}
	return out
}

// r52Profile is a live MariaDB 10.11.19 target with log_bin ON read as
// the account a, with the r52 dump in format.
func r52Profile(format string, a *profile.Account, trust string) *profile.Profile {
	return &profile.Profile{
		Dump: &profile.Dump{Format: format, Databases: []string{"shop"}, Objects: r52Objects()},
		Server: &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19-MariaDB-log", BinlogOn: true,
			Variables: map[string]string{"log_bin": "ON", "log_bin_trust_function_creators": trust, "version": "10.11.19-MariaDB-log"},
			Account:   a},
	}
}

// TestAccountWarning: what the account mytune read the target as may not
// create, measured stage by stage on MariaDB 10.11.19 with log_bin ON
// (review r52, docs/benchmarks/live-server.md): ALL ON shop.* only, all
// 10 refused; + SET USER and BINLOG ADMIN, the 2 functions and 2
// triggers (ERROR 1419), and myloader left out the 4 procedures and
// events after them, the mysql line the other 6; with
// log_bin_trust_function_creators ON, or SUPER, none.
func TestAccountWarning(t *testing.T) {
	onShop := []profile.DatabaseGrant{{Database: "shop", Privileges: []string{"ALL PRIVILEGES"}}}
	rest := &profile.Account{User: "rest@localhost", Global: []string{}, Databases: onShop}
	split := &profile.Account{User: "rest@localhost", Global: []string{"SET USER", "BINLOG ADMIN"}, Databases: onShop}
	super := &profile.Account{User: "rest@localhost", Global: []string{"SUPER"}, Databases: onShop}
	noEvent := &profile.Account{User: "app@%", Global: []string{}, Databases: []profile.DatabaseGrant{{Database: "shop",
		Privileges: []string{"SELECT", "INSERT", "CREATE", "CREATE VIEW", "CREATE ROUTINE", "TRIGGER"}}}}
	cases := []struct {
		name   string
		p      *profile.Profile
		has    []string
		hasNot []string
	}{
		{"ALL on the database only", r52Profile("mydumper", rest, "OFF"), []string{"may not create 10 of the dump's 10",
			"10 of them run as another account", "the SET USER or SUPER privilege", "4 of them are functions or triggers",
			"ERROR 1419", "GRANT SET USER ON *.* TO 'rest'@'localhost'): it then creates objects that run as any account",
			"SET GLOBAL log_bin_trust_function_creators = 1 before the load: while it is ON", "SET SESSION sql_log_bin (the BINLOG ADMIN or SUPER privilege)"},
			[]string{"leaves out 4 more"}},
		{"SET USER and BINLOG ADMIN, mydumper", r52Profile("mydumper", split, "OFF"), []string{"may not create 4 of the dump's 10",
			"function shop.f_app, function shop.f_root, trigger shop.t_app, trigger shop.t_root", "leaves out 4 more it may create",
			"procedure shop.p_app, procedure shop.p_root, event shop.e_app, event shop.e_root", "myloader 0.10 stops each file"},
			[]string{"run as another account", "GRANT", "sql_log_bin"}},
		{"SET USER and BINLOG ADMIN, mysqldump", r52Profile("mysqldump", split, "OFF"), []string{"may not create 4 of the dump's 10",
			"leaves out 6 more", "view shop.v_app, view shop.v_root", "the tables dumped after it included"}, nil},
		{"trust ON, SET USER", r52Profile("mydumper", split, "ON"), nil, nil},
		{"trust ON, ALL on the database only: the definers still", r52Profile("mydumper", rest, "ON"),
			[]string{"may not create 10 of the dump's 10", "10 of them run as another account"}, []string{"ERROR 1419", "log_bin_trust_function_creators = 1"}},
		{"SUPER", r52Profile("mydumper", super, "OFF"), nil, nil},
		{"no EVENT on the database", r52Profile("mydumper", noEvent, "ON"), []string{"2 of them need EVENT on their database (event shop.e_app, event shop.e_root)",
			"ERROR 1044"}, []string{"ERROR 1142"}},
		{"no TRIGGER on the database", r52Profile("mydumper", &profile.Account{User: "app@%", Databases: []profile.DatabaseGrant{{Database: "shop",
			Privileges: []string{"CREATE VIEW", "CREATE ROUTINE", "EVENT"}}}}, "ON"), []string{"2 of them need TRIGGER on their database (trigger shop.t_app, trigger shop.t_root)",
			"\"ERROR 1142 (42000): TRIGGER command denied\""}, nil},
		{"account not read: in words", r52Profile("mydumper", nil, "OFF"), []string{"the dump creates 10 views, routines, triggers and events",
			"did not read the grants", "they could not be read", "each of the 4 functions and triggers", "The plan's SET GLOBAL lines need the SUPER privilege"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var temp []Setting
			if c.p.Dump.Format == "mydumper" {
				temp = []Setting{{Apply: "SET SESSION sql_log_bin = 0; -- in the loading session"}}
			}
			got := AccountWarning(c.p, Options{Task: TaskLoad}, temp)
			if len(c.has) == 0 && got != "" {
				t.Fatalf("warning %q, want none", got)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("warning lacks %q: %q", h, got)
				}
			}
			for _, h := range c.hasNot {
				if strings.Contains(got, h) {
					t.Errorf("warning has %q: %q", h, got)
				}
			}
		})
	}
}

// TestAccountWarningNoServer: without a live target the words say what
// a load needs; the binary log's state, unknown, is said as such.
func TestAccountWarningNoServer(t *testing.T) {
	p := &profile.Profile{Dump: &profile.Dump{Format: "mysqldump", Objects: r52Objects()}}
	got := AccountWarning(p, Options{Task: TaskLoad, Target: profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}}, nil)
	for _, h := range []string{"no live target was read", "(log_bin: not known)", "The mysql line stops at the first refused statement"} {
		if !strings.Contains(got, h) {
			t.Errorf("warning lacks %q: %q", h, got)
		}
	}
	if got := AccountWarning(&profile.Profile{Dump: &profile.Dump{Format: "mydumper"}}, Options{}, nil); got != "" {
		t.Errorf("a dump without objects warned %q", got)
	}
}

// TestRefusedSetLines: which SET lines an account may not run on
// MariaDB 10.11.19 (review r52: BINLOG ADMIN ran SET GLOBAL sync_binlog
// and binlog_expire_logs_seconds, SUPER was needed for the InnoDB ones).
func TestRefusedSetLines(t *testing.T) {
	mdb := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	lines := []string{"SET GLOBAL sync_binlog = 1;", "SET GLOBAL innodb_io_capacity = 9300;",
		"SET SESSION sql_log_bin = 0; -- in the loading session", "SET SESSION foreign_key_checks = 0;"}
	cases := []struct {
		name string
		a    *profile.Account
		want []string
	}{
		{"no privilege", &profile.Account{User: "r@h"}, []string{"SET GLOBAL sync_binlog (the BINLOG ADMIN or SUPER privilege)",
			"SET GLOBAL innodb_io_capacity (the SUPER privilege)", "SET SESSION sql_log_bin (the BINLOG ADMIN or SUPER privilege)"}},
		{"BINLOG ADMIN", &profile.Account{User: "r@h", Global: []string{"BINLOG ADMIN"}}, []string{"SET GLOBAL innodb_io_capacity (the SUPER privilege)"}},
		{"SUPER", &profile.Account{User: "r@h", Global: []string{"SUPER"}}, nil},
		{"unknown account", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := RefusedSetLines(c.a, mdb, lines)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
	p := &profile.Profile{Server: &profile.Server{Reachable: true, Account: &profile.Account{User: "r@h", Global: []string{"BINLOG ADMIN"}}}}
	if got := ApplyNowAccountNote(p, mdb, lines[:2]); !strings.Contains(got, "may not run 1 of these 2 lines: SET GLOBAL innodb_io_capacity") {
		t.Errorf("ApplyNowAccountNote = %q", got)
	}
}

// TestSQLAccount: the GRANT and REVOKE lines spell the account as SQL
// string literals the mariadb client runs (review r56: it's@localhost).
func TestSQLAccount(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "app@%", "'app'@'%'"},
		{"a quote in the user", "it's@localhost", "'it''s'@'localhost'"},
		{"a backslash", `a\b@h`, `'a\\b'@'h'`},
		{"an @ in the user: the host is after the last", "a@b@10.0.0.1", "'a@b'@'10.0.0.1'"},
		{"no host", "role1", "'role1'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := sqlAccount(c.in); got != c.want {
				t.Errorf("sqlAccount(%q) = %s, want %s", c.in, got, c.want)
			}
		})
	}
}
