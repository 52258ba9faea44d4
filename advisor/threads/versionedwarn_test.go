package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestVersionedHistoryWarning: a MariaDB or unknown target gets the
// warning with what the dump's format left out and the mariadb-dump line
// that keeps the history; a MySQL target and a dump without such tables
// get none.
func TestVersionedHistoryWarning(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19", Source: profile.SourceFlag}
	cases := []struct {
		name   string
		d      profile.Dump
		target profile.Target
		has    []string
	}{
		{"mydumper into MariaDB (the r54 sv dump)", profile.Dump{Format: "mydumper", DumpTableKinds: profile.DumpTableKinds{VersionedTables: []string{"sv.acct"}}}, maria,
			[]string{"table sv.acct is system-versioned", "mydumper reads such a table with SELECT *", "1,283,333 rows with its history loaded 686,000",
				"exit 0", "(mariadb-dump --host SOURCE --user USER -p --dump-history --single-transaction sv acct > history.sql)",
				"(mariadb --host TARGET --user USER -p sv < history.sql)", "system_versioning_insert_history=1"}},
		{"mysqldump, target unknown", profile.Dump{Format: "mysqldump", DumpTableKinds: profile.DumpTableKinds{VersionedTables: []string{"a.b", "a.c"}}}, profile.Target{},
			[]string{"tables a.b, a.c are system-versioned", "unless mariadb-dump --dump-history made the file", "--single-transaction a b c > history.sql)"}},
		{"two databases", profile.Dump{Format: "mydumper", DumpTableKinds: profile.DumpTableKinds{VersionedTables: []string{"a.b", "x y.c"}}}, maria,
			[]string{"--single-transaction a b > history-1.sql; mariadb-dump --host SOURCE --user USER -p --dump-history --single-transaction 'x y' c > history-2.sql)",
				"run each file into its database (mariadb --host TARGET --user USER -p a < history-1.sql; mariadb --host TARGET --user USER -p 'x y' < history-2.sql)"}},
		{"quoted names, one database", profile.Dump{Format: "mydumper", DumpTableKinds: profile.DumpTableKinds{VersionedTables: []string{"it's.le dger", "it's.t"}}}, maria,
			[]string{"--single-transaction 'it'\\''s' 'le dger' t > history.sql)", "run that file (mariadb --host TARGET --user USER -p 'it'\\''s' < history.sql)"}},
		{"a mariadb-dump --dump-history file carries the history", profile.Dump{Format: "mysqldump", HistoryRows: true,
			DumpTableKinds: profile.DumpTableKinds{VersionedTables: []string{"sv.acct"}}}, maria, nil},
		{"MySQL has no system versioning", profile.Dump{Format: "mydumper", DumpTableKinds: profile.DumpTableKinds{VersionedTables: []string{"sv.acct"}}},
			profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: profile.SourceFlag}, nil},
		{"none", profile.Dump{Format: "mydumper", DumpTableKinds: profile.DumpTableKinds{SequenceTables: []string{"sq.s"}}}, maria, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			got := VersionedHistoryWarning(&profile.Profile{Dump: &d}, Options{Target: c.target})
			if len(c.has) == 0 && got != "" {
				t.Fatalf("warning %q, want none", got)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("warning lacks %q: %q", h, got)
				}
			}
		})
	}
}
