package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/profile"
)

// TestResolveTarget: a live server wins and says which --target it
// overrode; without server and flag a clearly-MariaDB my.cnf makes the
// target MariaDB; anything else falls back to MySQL 8.4.
func TestResolveTarget(t *testing.T) {
	maria := &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB-0+deb12u1"}
	cnf := func(path string, groups []string, vars ...string) *profile.MyCnf {
		m := &profile.MyCnf{Path: path, Groups: groups, Variables: map[string]string{}}
		for _, v := range vars {
			m.Variables[v] = "1"
		}
		return m
	}
	cases := []struct {
		name                string
		p                   profile.Profile
		flag                string
		flavor, ver, source string
		noteHas             string // "" = no note
	}{
		{"server overrides a different --target, with a note", profile.Profile{Server: maria}, "mysql-8.4",
			"mariadb", "10.11.19", "server", "--target mysql-8.4 ignored: the live server is mariadb 10.11.19"},
		{"server and a matching --target: no note", profile.Profile{Server: maria}, "mariadb-10.11",
			"mariadb", "10.11.19", "server", ""},
		{"server and --target of another minor", profile.Profile{Server: maria}, "mariadb-11.4",
			"mariadb", "10.11.19", "server", "ignored"},
		{"MariaDB-only options in [mysqld] (Tier12G)", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld"},
			"innodb_log_file_buffering", "innodb_buffer_pool_size")}, "", "mariadb", "10.11", "mycnf", "MariaDB-only option innodb_log_file_buffering"},
		{"aria_ prefix", profile.Profile{MyCnf: cnf("/etc/my.cnf", nil, "aria_pagecache_buffer_size")}, "",
			"mariadb", "10.11", "mycnf", "aria_pagecache_buffer_size"},
		{"[mariadb-11.4] group gives the version", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld", "mariadb-11.4"})}, "",
			"mariadb", "11.4", "mycnf", "group [mariadb-11.4]"},
		{"[mariadbd] group", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mariadbd"})}, "",
			"mariadb", "10.11", "mycnf", "group [mariadbd]"},
		{"mariadb.conf.d file", profile.Profile{MyCnf: cnf("/etc/mysql/mariadb.conf.d/50-server.cnf", nil, "max_connections")}, "",
			"mariadb", "10.11", "mycnf", "mariadb.conf.d"},
		{"wsrep_* is not MariaDB-only (Percona XtraDB Cluster)", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld"}, "wsrep_provider")}, "",
			"mysql", "8.4.0", "default", "MySQL 8.4"},
		{"MySQL 8.4 my.cnf", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mysqld"}, "innodb_redo_log_capacity", "innodb_buffer_pool_chunk_size")}, "",
			"mysql", "8.4.0", "default", "MySQL 8.4"},
		{"--target beats the my.cnf", profile.Profile{MyCnf: cnf("/etc/my.cnf", []string{"mariadb"})}, "mysql-8.0",
			"mysql", "8.0", "flag", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tg, note, err := ResolveTarget(tc.p, tc.flag)
			if err != nil {
				t.Fatal(err)
			}
			if tg.Flavor != tc.flavor || tg.Version != tc.ver || tg.Source != tc.source {
				t.Errorf("got %+v, want %s %s from %s", tg, tc.flavor, tc.ver, tc.source)
			}
			if (tc.noteHas == "") != (note == "") || !strings.Contains(note, tc.noteHas) {
				t.Errorf("note %q, want one containing %q", note, tc.noteHas)
			}
		})
	}
}
