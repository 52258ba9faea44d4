package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// Servers targetCases are built from: a live MariaDB, and the one server
// installed on a Debian MariaDB host and on a MySQL 8.4 host.
var (
	maria    = &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB-0+deb12u1"}
	debMaria = []profile.InstalledServer{{Path: "/usr/sbin/mariadbd", Flavor: "mariadb", Version: "10.11.19-MariaDB-0+deb12u1"}}
	mysql84  = []profile.InstalledServer{{Path: "/usr/sbin/mysqld", Flavor: "mysql", Version: "8.4.8"}}
)

// cnf is a test my.cnf at path with the given group headers, setting each
// of vars to 1.
func cnf(path string, headers []string, vars ...string) *profile.MyCnf {
	m := &profile.MyCnf{Path: path, Headers: headers, Variables: map[string]string{}}
	for _, v := range vars {
		m.Variables[v] = "1"
	}
	return m
}

// targetCases are TestResolveTarget's cases.
var targetCases = []targetCase{
	{"server overrides a different --target, with a note", profile.Profile{Server: maria}, "mysql-8.4",
		"mariadb", "10.11.19", "server", "live server", "--target mysql-8.4 ignored: the live server is mariadb 10.11.19"},
	{"server and a matching --target: no note", profile.Profile{Server: maria}, "mariadb-10.11",
		"mariadb", "10.11.19", "server", "10.11.19-MariaDB", ""},
	{"server and --target of another minor", profile.Profile{Server: maria}, "mariadb-11.4",
		"mariadb", "10.11.19", "server", "", "ignored"},
	{"--target beats the installed server and the my.cnf", profile.Profile{Installed: debMaria, MyCnf: cnf("/etc/my.cnf", []string{"mariadb"})}, "mysql-8.0",
		"mysql", "8.0", "flag", "--target mysql-8.0", ""},
	{"installed mariadbd (Debian, no server running)", profile.Profile{Installed: debMaria}, "",
		"mariadb", "10.11.19", "installed", "installed /usr/sbin/mariadbd 10.11.19-MariaDB-0+deb12u1", ""},
	{"installed server beats the my.cnf", profile.Profile{Installed: mysql84, MyCnf: cnf("/etc/my.cnf", []string{"mariadb"})}, "",
		"mysql", "8.4.8", "installed", "/usr/sbin/mysqld 8.4.8", ""},
	{"two different servers installed: the my.cnf decides, with a note", profile.Profile{Installed: append(append([]profile.InstalledServer{}, debMaria...), mysql84...),
		MyCnf: cnf("/etc/my.cnf", []string{"galera"})}, "", "mariadb", "10.11", "mycnf", "[galera]", "several servers installed"},
	{"two different servers installed and nothing else: unknown", profile.Profile{Installed: append(append([]profile.InstalledServer{}, debMaria...), mysql84...)}, "",
		"", "", "unknown", "several servers installed", ""},
	{"MariaDB-only options in [mysqld] (Tier12G)", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld"},
		"innodb_log_file_buffering", "innodb_buffer_pool_size")}, "", "mariadb", "10.11", "mycnf", "MariaDB-only option innodb_log_file_buffering", ""},
	{"aria_ prefix", profile.Profile{MyCnf: cnf("/etc/my.cnf", nil, "aria_pagecache_buffer_size")}, "",
		"mariadb", "10.11", "mycnf", "aria_pagecache_buffer_size", ""},
	{"[mariadb-11.4] group gives the version", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld", "mariadb-11.4"})}, "",
		"mariadb", "11.4", "mycnf", "[mariadb-11.4]", ""},
	{"an empty [galera] group", profile.Profile{MyCnf: cnf("/etc/mysql/my.cnf", []string{"mysqld", "galera"}, "max_connections")}, "",
		"mariadb", "10.11", "mycnf", "[galera] in /etc/mysql/my.cnf", ""},
	{"an empty [mariadb-10.5] group", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld", "mariadb-10.5"})}, "",
		"mariadb", "10.5", "mycnf", "[mariadb-10.5]", ""},
	{"[mysqld-10.11] is MariaDB's own version group", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld", "mysqld-10.11"})}, "",
		"mariadb", "10.11", "mycnf", "[mysqld-10.11]", ""},
	{"[mysqld-8.4] is MySQL 8.4's", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld", "mysqld-8.4"})}, "",
		"mysql", "8.4", "mycnf", "only MySQL and Percona Server 8.4 read it", ""},
	{"MariaDB groups win over a MySQL version group", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld-8.0", "mariadb"})}, "",
		"mariadb", "10.11", "mycnf", "[mariadb]", ""},
	{"[mariadbd] group", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mariadbd"})}, "",
		"mariadb", "10.11", "mycnf", "group [mariadbd]", ""},
	{"old profile: groups without headers", profile.Profile{MyCnf: &profile.MyCnf{Path: "/etc/my.cnf", Groups: []string{"mariadb"}}}, "",
		"mariadb", "10.11", "mycnf", "[mariadb]", ""},
	{"mariadb.conf.d file", profile.Profile{MyCnf: cnf("/etc/mysql/mariadb.conf.d/50-server.cnf", nil, "max_connections")}, "",
		"mariadb", "10.11", "mycnf", "mariadb.conf.d", ""},
	{"wsrep_* is not MariaDB-only (Percona XtraDB Cluster): unknown", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld"}, "wsrep_provider")}, "",
		"", "", "unknown", "the my.cnf names no server", ""},
	{"MySQL 8.4 options in a profile saved before mysql_only: unknown", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld"}, "innodb_redo_log_capacity")}, "",
		"", "", "unknown", "names no server", ""},
	{"MySQL-only options: MySQL 8.4 assumed, said", profile.Profile{MyCnf: mysqlOnly(cnf("/etc/my.cnf", []string{"mysqld"}), nil,
		"innodb_redo_log_capacity", "log_error_verbosity")}, "", "mysql", "8.4", "mycnf",
		"options only MySQL has: innodb_redo_log_capacity, log_error_verbosity in /etc/my.cnf; version assumed: MySQL 8.4", ""},
	{"MySQL-only options and one 8.4 removed: 8.0", profile.Profile{MyCnf: mysqlOnly(cnf("/etc/my.cnf", []string{"mysqld"}),
		[]profile.MyCnfWarning{{Where: "/etc/my.cnf:3", Flavor: "mysql", From: "8.4", Refuses: true}}, "binlog_transaction_dependency_tracking")},
		"", "mysql", "8.0", "mycnf", "MySQL 8.0 assumed: /etc/my.cnf:3 sets an option MySQL 8.4 removed", ""},
	{"and one added in 8.0.30: 8.0.30", profile.Profile{MyCnf: mysqlOnly(cnf("/etc/my.cnf", []string{"mysqld"}),
		[]profile.MyCnfWarning{{Where: "/etc/my.cnf:3", Flavor: "mysql", From: "8.4", Refuses: true},
			{Where: "/etc/my.cnf:4", Flavor: "mysql", Before: "8.0.30", Refuses: true},
			{Where: "/etc/my.cnf:5", Flavor: "mysql", Before: "8.0.13", Refuses: true},
			{Where: "/etc/my.cnf:6", Flavor: "mariadb", Before: "8.0.40", Refuses: true}},
		"binlog_transaction_dependency_tracking", "innodb_redo_log_capacity")},
		"", "mysql", "8.0.30", "mycnf", "MySQL 8.0.30 assumed", ""},
	{"a MySQL version group wins over MySQL-only options", profile.Profile{MyCnf: mysqlOnly(cnf("/etc/my.cnf", []string{"mysqld", "mysqld-8.0"}), nil,
		"innodb_redo_log_capacity")}, "", "mysql", "8.0", "mycnf", "[mysqld-8.0]", ""},
	{"MariaDB evidence wins over MySQL-only options", profile.Profile{MyCnf: mysqlOnly(cnf("/etc/my.cnf", []string{"mysqld", "mariadb"}), nil,
		"innodb_redo_log_capacity")}, "", "mariadb", "10.11", "mycnf", "[mariadb]", ""},
	{"installed MariaDB and a MySQL file: MariaDB, the line says so", profile.Profile{Installed: debMaria,
		MyCnf: mysqlOnly(cnf("/etc/my.cnf", []string{"mysqld"}), nil, "mysqlx_port")}, "", "mariadb", "10.11.19", "installed",
		"10.11.19-MariaDB-0+deb12u1; but the my.cnf looks written for MySQL (options only MySQL has: mysqlx_port): " +
			"judged here against the installed server; if the file is for another server, pass --target mysql-8.4", ""},
	{"installed MySQL and a [mariadb] file", profile.Profile{Installed: mysql84, MyCnf: cnf("/etc/my.cnf", []string{"mariadb"})}, "",
		"mysql", "8.4.8", "installed", "looks written for MariaDB (group [mariadb]): judged here", ""},
	{"installed MySQL and a MySQL file: nothing added", profile.Profile{Installed: mysql84,
		MyCnf: mysqlOnly(cnf("/etc/my.cnf", []string{"mysqld"}), nil, "mysqlx_port")}, "", "mysql", "8.4.8", "installed", "installed /usr/sbin/mysqld 8.4.8", ""},
	{"nothing at all: unknown, never MySQL 8.4", profile.Profile{}, "",
		"", "", "unknown", "no server installed here", ""},
	{"a profile saved before installed_servers: unknown, and not 'none installed'", profile.Profile{Gaps: []profile.Gap{{Probe: profile.GapInstalledUnread}}}, "",
		"", "", "unknown", "the profile does not say which servers its host has installed", ""},
	{"the same with a my.cnf that names no server", profile.Profile{Gaps: []profile.Gap{{Probe: profile.GapInstalledUnread}}, MyCnf: cnf("/etc/my.cnf", []string{"mysqld"}, "max_connections")}, "",
		"", "", "unknown", "does not say which servers its host has installed (saved by a mytune that did not look for them), and the my.cnf names no server", ""},
}

// mysqlOnly sets a test my.cnf's MySQL-only options and warnings.
func mysqlOnly(m *profile.MyCnf, warnings []profile.MyCnfWarning, names ...string) *profile.MyCnf {
	m.MySQLOnly, m.Warnings = names, warnings
	return m
}

// targetCase is one profile and --target, and the target it must resolve to.
type targetCase struct {
	name                string
	p                   profile.Profile
	flag                string
	flavor, ver, source string
	reasonHas, noteHas  string // noteHas "" = no note
}

// TestResolveTarget: a live server wins and says which --target it
// overrode; then --target; then the one server installed; then the my.cnf's
// group headers (empty ones too) and options; else the target is unknown,
// never a silent MySQL 8.4.
func TestResolveTarget(t *testing.T) {
	for _, tc := range targetCases {
		t.Run(tc.name, func(t *testing.T) {
			tg, note, err := ResolveTarget(tc.p, tc.flag)
			if err != nil {
				t.Fatal(err)
			}
			if tg.Flavor != tc.flavor || tg.Version != tc.ver || tg.Source != tc.source {
				t.Errorf("got %+v, want %s %s from %s", tg, tc.flavor, tc.ver, tc.source)
			}
			if !strings.Contains(tg.Reason, tc.reasonHas) || tg.Reason == "" {
				t.Errorf("reason %q, want one containing %q", tg.Reason, tc.reasonHas)
			}
			if (tc.noteHas == "") != (note == "") || !strings.Contains(note, tc.noteHas) {
				t.Errorf("note %q, want one containing %q", note, tc.noteHas)
			}
		})
	}
}

// TestUnknownTargetHasNoFacts: facts need a named server; the error says
// how to name one.
func TestUnknownTargetHasNoFacts(t *testing.T) {
	tg, _, _ := ResolveTarget(profile.Profile{}, "")
	if _, err := BuildFacts(profile.Profile{}, tg); err == nil || !strings.Contains(err.Error(), "--target") {
		t.Errorf("BuildFacts on an unknown target: %v, want an error naming --target", err)
	}
}

// TestPortableGroups: every group's readers accept what it is advised
// for, and no MySQL series reads a MariaDB group or the reverse.
func TestPortableGroups(t *testing.T) {
	for _, g := range PortableGroups {
		for _, s := range g.Series {
			if s.Flavor != g.Target.Flavor {
				t.Errorf("[%s] is advised for %s but read by %s", g.Group, g.Target.Flavor, s.Flavor)
			}
		}
		fl, v, ok := headerVersion(g.Group)
		if ok && (fl != g.Target.Flavor || majorMinor(v) != majorMinor(g.Target.Version)) {
			t.Errorf("[%s] is read by %s %s, advised for %+v", g.Group, fl, v, g.Target)
		}
	}
	for name, want := range map[string]bool{"innodb_buffer_pool_size": true, "innodb_redo_log_capacity": false,
		"innodb_buffer_pool_instances": false, "innodb_flush_method": false, "max_connections": true} {
		if got := AcceptedEverywhere(name); got != want {
			t.Errorf("AcceptedEverywhere(%s) = %v, want %v", name, got, want)
		}
	}
}

// TestOtherFlavorCnf: the target line says the my.cnf looks written for
// another flavor only when it does.
func TestOtherFlavorCnf(t *testing.T) {
	maria := profile.Target{Flavor: "mariadb", Version: "10.11.19"}
	percona := profile.Target{Flavor: "percona", Version: "8.0.36"}
	file := func(headers []string, only ...string) *profile.MyCnf {
		return &profile.MyCnf{Path: "/etc/my.cnf", Headers: headers, MySQLOnly: only}
	}
	cases := []struct {
		name      string
		installed profile.Target
		m         *profile.MyCnf
		want      string // "" = nothing added
	}{
		{"no my.cnf", maria, nil, ""},
		{"a file that shows nothing", maria, file([]string{"mysqld"}), ""},
		{"MariaDB file on MariaDB", maria, file([]string{"mariadb"}), ""},
		{"MySQL file on Percona Server", percona, file([]string{"mysqld"}, "mysqlx_port"), ""},
		{"MySQL file on MariaDB", maria, file([]string{"mysqld"}, "mysqlx_port"), "--target mysql-8.4"},
		{"MariaDB file on Percona Server", percona, file([]string{"galera"}), "looks written for MariaDB (group [galera])"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := otherFlavorCnf(c.installed, c.m)
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Errorf("got %q, want one containing %q", got, c.want)
			}
		})
	}
}

// TestShortVersionAurora: review r19, a server reporting Aurora's
// "8.0.mysql_aurora.3.05.2" became target "8.0." (printed "MySQL 8.0.",
// and read as 8.0.0, before 8.0.3 dropped the query cache); it is the 8.0
// series, and its facts the series' first GA, 8.0.11.
func TestShortVersionAurora(t *testing.T) {
	cases := []struct{ version, short, facts string }{
		{"8.0.mysql_aurora.3.05.2", "8.0", "8.0.11"},
		{"5.7.mysql_aurora.2.11.2", "5.7", "5.7.9"},
		{"8.0.36-28", "8.0.36", "8.0.36"},
		{"5.5.5-10.11.6-MariaDB", "10.11.6", "10.11.6"},
	}
	for _, c := range cases {
		t.Run(c.version, func(t *testing.T) {
			p := profile.Profile{Server: &profile.Server{Reachable: true, Flavor: "mysql", Version: c.version}}
			tg, _, err := ResolveTarget(p, "")
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, tg)
			if err != nil {
				t.Fatal(err)
			}
			if tg.Version != c.short || f.Version.String() != c.facts {
				t.Errorf("target %q facts %s, want %q and %s", tg.Version, f.Version, c.short, c.facts)
			}
		})
	}
}
