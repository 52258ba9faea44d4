package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestEngineWarning: a dump table of an engine the live target's SHOW
// ENGINES lacks is warned with what its loader does (MariaDB 10.11.19,
// 2026-12-07: myloader skipped an ARCHIVE table and exited 1; a
// mariadb-dump file loaded it as InnoDB); MariaDB's own engines are warned
// for a MySQL target without a server asked; nothing otherwise.
func TestEngineWarning(t *testing.T) {
	dump := func(format string) *profile.Dump {
		return &profile.Dump{Format: format, Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 2, Bytes: 27822},
			{Name: "ARCHIVE", Tables: 1, Bytes: 13911}, {Name: "Aria", Tables: 3, Bytes: 100}, {Name: profile.DumpEngineUnknown, Tables: 1}}}
	}
	live := func(engines ...string) *profile.Server {
		return &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19", EnginesAvailable: engines}
	}
	cases := []struct {
		name   string
		dump   *profile.Dump
		server *profile.Server
		target profile.Target
		want   []string // "" none wanted
	}{
		{"mydumper, the live target lacks ARCHIVE", dump("mydumper"), live("InnoDB", "MyISAM", "Aria"), profile.Target{},
			[]string{"1 table of the dump names ENGINE=ARCHIVE, which TARGET lacks (TARGET's SHOW ENGINES does not list it as usable)",
				"myloader skips each table", "exits 1", "INSTALL SONAME"}},
		{"mysqldump, the live target lacks ARCHIVE and Aria", dump("mysqldump"), live("InnoDB", "MyISAM"), profile.Target{},
			[]string{"4 tables of the dump name ENGINE=ARCHIVE, ENGINE=Aria", "does not list them", "default engine without a word"}},
		{"the live target has every engine (case aside)", dump("mydumper"), live("InnoDB", "archive", "Aria"), profile.Target{}, nil},
		{"a live target whose engines were not read", dump("mydumper"), live(), profile.Target{}, nil},
		{"no server, MySQL 8.4: Aria is MariaDB's", dump("mydumper"), nil, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.8"},
			[]string{"3 tables of the dump name ENGINE=Aria", "MySQL has none of MariaDB's own engines"}},
		{"no server, MariaDB: plugins unknown, nothing said", dump("mydumper"), nil, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Dump: c.dump, Server: c.server}
			got := EngineWarning(p, Options{Target: c.target})
			if len(c.want) == 0 {
				if got != "" {
					t.Errorf("warned: %s", got)
				}
				return
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
		})
	}
}
