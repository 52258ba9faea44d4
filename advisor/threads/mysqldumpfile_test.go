package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestMysqlSessionFlags(t *testing.T) {
	cases := []struct {
		name string
		dd   dirs
		want string
	}{
		{"nothing to add", dirs{}, ""},
		{"the binary log skipped: the constant, as the notes quote it", dirs{skipBinlog: true}, InitSkipBinlog},
		{"no header: mysqldump's session in double quotes", dirs{noHeader: true},
			`--init-command="SET SESSION time_zone='+00:00', SESSION unique_checks=0, SESSION foreign_key_checks=0, SESSION sql_mode='NO_AUTO_VALUE_ON_ZERO'"`},
		{"both in one SET", dirs{skipBinlog: true, noHeader: true},
			`--init-command="SET SESSION sql_log_bin=0, SESSION time_zone='+00:00', SESSION unique_checks=0, SESSION foreign_key_checks=0, SESSION sql_mode='NO_AUTO_VALUE_ON_ZERO'"`},
		{"a line of 16 MiB fits the client's default", dirs{largestLine: 16 << 20}, ""},
		{"a longer line raises the client's packet", dirs{largestLine: 16<<20 + 1, skipBinlog: true}, InitSkipBinlog + " --max-allowed-packet=1G"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := mysqlSessionFlags(c.dd); got != c.want {
				t.Errorf("mysqlSessionFlags = %q, want %q", got, c.want)
			}
		})
	}
}

func TestPacketSetting(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	mysql := profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0"}
	cases := []struct {
		name        string
		line        uint64
		server      string
		target      profile.Target
		apply, undo string // "" apply: no setting
	}{
		{"a 17 MiB row over MariaDB's default 16M, no server read: never lowers, undoes only its own value", 17825800, "", maria,
			"SET GLOBAL max_allowed_packet = GREATEST(@@GLOBAL.max_allowed_packet, 19922944);",
			"SET GLOBAL max_allowed_packet = IF(@@GLOBAL.max_allowed_packet = 19922944, 16777216, @@GLOBAL.max_allowed_packet);"},
		{"the same row fits MySQL's default 64M", 17825800, "", mysql, "", ""},
		{"the server's own value decides", 17825800, "33554432", maria, "", ""},
		{"a server at 1M and a 2 MB row", 2 << 20, "1048576", maria, "SET GLOBAL max_allowed_packet = 4194304;", "SET GLOBAL max_allowed_packet = 1048576;"},
		{"past 1G: no setting can hold it (a warning says so)", 1<<30 + 1, "", maria, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Dump: &profile.Dump{Format: "mysqldump", LargestLineBytes: c.line}}
			if c.server != "" {
				p.Server = &profile.Server{Reachable: true, Variables: map[string]string{"max_allowed_packet": c.server}}
			}
			s, ok := packetSetting(p, Options{Target: c.target})
			if ok != (c.apply != "") || s.Apply != c.apply || s.Undo != c.undo {
				t.Errorf("packetSetting = %+v, %v; want apply %q undo %q", s, ok, c.apply, c.undo)
			}
		})
	}
}

func TestMysqldumpWarnings(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	cases := []struct {
		name   string
		d      profile.Dump
		target profile.Target
		has    []string // each must be in one warning; nil: no warnings
	}{
		{"a whole file", profile.Dump{Tables: 2, InsertStatements: 2}, maria, nil},
		{"cut short", profile.Dump{Tables: 2, InsertStatements: 1, Incomplete: true}, maria, []string{"cut short"}},
		{"no rows, dropping tables", profile.Dump{Tables: 2, DropsTables: true}, maria, []string{"inserts no rows", "replace a table of the same name on TARGET by an empty one", "mysqlimport"}},
		{"MySQL's GTID_PURGED into MariaDB", profile.Dump{Tables: 1, InsertStatements: 1, ReplicationStatements: []string{"SET @@GLOBAL.GTID_PURGED"}}, maria, []string{"ERROR 1193"}},
		{"MySQL's GTID_PURGED into MySQL: the replication note's, not this", profile.Dump{Tables: 1, InsertStatements: 1, ReplicationStatements: []string{"SET @@GLOBAL.GTID_PURGED"}}, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0"}, nil},
		{"0900 collations into MariaDB 10.11", profile.Dump{Tables: 1, InsertStatements: 1, MySQL8Collations: true}, maria, []string{"Unknown collation"}},
		{"0900 collations into MariaDB 11.4.5: aliases", profile.Dump{Tables: 1, InsertStatements: 1, MySQL8Collations: true}, profile.Target{Flavor: profile.FlavorMariaDB, Version: "11.4.5"}, nil},
		{"a row past 1G", profile.Dump{Tables: 1, InsertStatements: 1, LargestLineBytes: 1<<30 + 1}, maria, []string{"over the 1G max_allowed_packet"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			d.Format = "mysqldump"
			got := mysqldumpWarnings(&profile.Profile{Dump: &d}, Options{Target: c.target})
			if len(c.has) == 0 && len(got) > 0 {
				t.Errorf("warnings %q, want none", got)
			}
			all := strings.Join(got, "\n")
			for _, h := range c.has {
				if !strings.Contains(all, h) {
					t.Errorf("no warning says %q: %q", h, got)
				}
			}
		})
	}
}

func TestSandboxed(t *testing.T) {
	mysql84 := profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0"}
	cases := []struct {
		name, file, compression string
		target                  profile.Target
		want, note              string
	}{
		{"MySQL: the file from its second line", "/d/x.sql", "none", mysql84, "tail -n +2 /d/x.sql | " + mysqlClient, "from its second line"},
		{"MySQL, gzip: after gunzip", "/d/x.sql.gz", "gzip", mysql84, "gunzip -c /d/x.sql.gz | tail -n +2 | " + mysqlClient, "from its second line"},
		{"MySQL, zstd: after zstd", "/d/x.sql.zst", "zstd", mysql84, "zstd -dc /d/x.sql.zst | tail -n +2 | " + mysqlClient, "from its second line"},
		{"MariaDB: as it is", "/d/x.sql", "none", profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, mysqlClient + " < /d/x.sql", ""},
		{"unknown target: as it is, with what to do for MySQL's client", "/d/x.sql", "none", profile.Target{}, mysqlClient + " < /d/x.sql", "with such a client"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mysqldump", SandboxLine: true}
			dd := dirs{stripSandbox: mysqlFlavor(c.target)}
			if got := sandboxed(mysqlClientLoad(c.file, c.compression), dd); got != c.want {
				t.Errorf("line %q, want %q", got, c.want)
			}
			if n := sandboxNote(d, c.target); c.note == "" && n != "" || !strings.Contains(n, c.note) {
				t.Errorf("note %q, want one with %q", n, c.note)
			}
		})
	}
}

// TestCaseCollisionWarning: a dump with names that differ only in case is
// a warning for a target with lower_case_table_names 1 or 2 (the server's
// value over the my.cnf's), in the words of its loader; none for 0 or an
// unknown setting, or a dump without such names.
func TestCaseCollisionWarning(t *testing.T) {
	collide := []string{"`casey`.`Foo` and `casey`.`foo`"}
	srv := func(v string) *profile.Server {
		return &profile.Server{Variables: map[string]string{"lower_case_table_names": v}}
	}
	cnf := func(v string) *profile.MyCnf {
		return &profile.MyCnf{Variables: map[string]string{"lower_case_table_names": v}}
	}
	cases := []struct {
		name   string
		format string
		names  []string
		server *profile.Server
		mycnf  *profile.MyCnf
		has    []string // nil: no warning
	}{
		{"mydumper into lower_case_table_names 1", "mydumper", collide, srv("1"), nil,
			[]string{"(`casey`.`Foo` and `casey`.`foo`)", "lower_case_table_names = 1 (the server's setting)", "Table … already exists"}},
		{"mysqldump into 2", "mysqldump", collide, srv("2"), nil, []string{"= 2", "DROP TABLE IF EXISTS of the second drops the first"}},
		{"the my.cnf's 1 when no server was read", "mysqlsh", collide, nil, cnf("1"), []string{"(the my.cnf's setting)"}},
		{"the server's 0 over the my.cnf's 1", "mydumper", collide, srv("0"), cnf("1"), nil},
		{"unknown setting", "mydumper", collide, nil, nil, nil},
		{"no colliding names", "mydumper", nil, srv("1"), nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Dump: &profile.Dump{Format: c.format, CaseCollisions: c.names}, Server: c.server, MyCnf: c.mycnf}
			got := caseCollisionWarning(p)
			if c.has == nil {
				if got != "" {
					t.Errorf("warning %q, want none", got)
				}
				return
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("warning %q lacks %q", got, h)
				}
			}
		})
	}
}

// TestPacketSettingMydumper: a mydumper dump whose sampled INSERT is longer
// than the target's max_allowed_packet gets the raise and its undo (QA
// 2026-12-06: myloader 0.10 stopped at a 20 MB row, "Server has gone
// away", exit 1, into MariaDB 10.11's default 16M); one that fits, or a
// dump with no statement read, gets none.
func TestPacketSettingMydumper(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	cases := []struct {
		name        string
		longest     []uint64 // each table's LargestStatementBytes
		server      string
		apply, undo string // "" apply: no setting
		warns       string
	}{
		{"a 20 MB row over MariaDB's default 16M, no server read: guarded", []uint64{1000, 20000169}, "",
			"SET GLOBAL max_allowed_packet = GREATEST(@@GLOBAL.max_allowed_packet, 22020096);",
			"SET GLOBAL max_allowed_packet = IF(@@GLOBAL.max_allowed_packet = 22020096, 16777216, @@GLOBAL.max_allowed_packet);", "myloader stops at that statement"},
		{"a 2 MB row over a server at 1M", []uint64{2000100}, "1048576", "SET GLOBAL max_allowed_packet = 3145728;",
			"SET GLOBAL max_allowed_packet = 1048576;", "Server has gone away"},
		{"statements of mydumper's 1 MB cut fit the default", []uint64{1000000, 999000}, "", "", "", ""},
		{"nothing sampled", nil, "1048576", "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mydumper"}
			for i, n := range c.longest {
				d.TableModels = append(d.TableModels, profile.DumpTableModel{Name: "db.t" + string(rune('0'+i)), LargestStatementBytes: n})
			}
			p := &profile.Profile{Dump: d}
			if c.server != "" {
				p.Server = &profile.Server{Reachable: true, Variables: map[string]string{"max_allowed_packet": c.server}}
			}
			s, ok := packetSetting(p, Options{Target: maria})
			if ok != (c.apply != "") || s.Apply != c.apply || s.Undo != c.undo || !strings.Contains(s.Warning, c.warns) {
				t.Errorf("packetSetting = %+v, %v; want apply %q undo %q warning with %q", s, ok, c.apply, c.undo, c.warns)
			}
		})
	}
}
