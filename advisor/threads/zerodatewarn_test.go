package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// mysql8Mode is MySQL 8's default sql_mode, which review r53 set globally
// on MariaDB 10.11.19.
const mysql8Mode = "STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"

// liveTarget is a reachable MariaDB 10.11.19 whose global sql_mode is mode.
func liveTarget(mode string) *profile.Server {
	return &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19-MariaDB", Source: "server",
		Variables: map[string]string{"sql_mode": mode}}
}

// TestTargetSQLMode: the live server's sql_mode first, then the my.cnf's,
// then the default of the target's version; nothing for an unknown target.
func TestTargetSQLMode(t *testing.T) {
	cases := []struct {
		name      string
		p         profile.Profile
		target    profile.Target
		text, had string
		ok        bool
	}{
		{"live server", profile.Profile{Server: liveTarget(mysql8Mode)}, profile.Target{}, mysql8Mode, "@@GLOBAL.sql_mode", true},
		{"live, empty", profile.Profile{Server: liveTarget("")}, profile.Target{}, "", "@@GLOBAL.sql_mode", true},
		{"my.cnf", profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{"sql_mode": "NO_ZERO_DATE"}}},
			profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11", Source: profile.SourceMyCnf}, "NO_ZERO_DATE", "my.cnf", true},
		{"MySQL 8.4 by --target", profile.Profile{Server: liveTarget("")},
			profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4", Source: profile.SourceFlag}, sqlModeMySQL80, "MySQL 8.4's default", true},
		{"MySQL 5.7", profile.Profile{}, profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44", Source: profile.SourceFlag}, sqlModeMySQL57, "MySQL 5.7", true},
		{"MariaDB 10.11", profile.Profile{}, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11", Source: profile.SourceFlag},
			sqlModeMariaDB102, "MariaDB 10.11's default", true},
		{"unknown", profile.Profile{}, profile.Target{}, "", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, ok := targetSQLMode(&c.p, Options{Target: c.target})
			if ok != c.ok || m.text != c.text || !strings.Contains(m.from, c.had) {
				t.Errorf("got %q from %q (%v), want %q from …%s… (%v)", m.text, m.from, ok, c.text, c.had, c.ok)
			}
		})
	}
}

// TestZeroDateDefaultWarning: a mydumper dump's zero-date defaults under a
// sql_mode that refuses them get the warning with the session fix and the
// global one's consequence; MariaDB's default sql_mode, a zero-part date
// without NO_ZERO_IN_DATE and a mysqldump file (whose session sets its
// own sql_mode) get none.
func TestZeroDateDefaultWarning(t *testing.T) {
	zero := []profile.ZeroDate{{Table: "legacy.audit", Column: "changed", Value: "0000-00-00 00:00:00"}}
	part := []profile.ZeroDate{{Table: "a.b", Column: "d", Value: "2024-00-00"}}
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19", Source: profile.SourceFlag}
	cases := []struct {
		name   string
		d      profile.Dump
		server *profile.Server
		target profile.Target
		has    []string
	}{
		{"mydumper into MySQL 8's sql_mode", profile.Dump{Format: "mydumper", Path: "/d", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}},
			liveTarget(mysql8Mode), profile.Target{}, []string{
				"table legacy.audit has a zero date", "`changed` DEFAULT '0000-00-00 00:00:00'", "refuses by NO_ZERO_DATE",
				"ERROR 1067 (42000): Invalid default value for 'changed'", "exits 1",
				`sed -i "1i SET SESSION sql_mode='STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION';" /d/legacy.audit-schema.sql.`,
				"no other session changes", "SET GLOBAL sql_mode = '" + mysql8Mode + "'; after it",
				"every session that connects in between", "ERROR 1978"}},
		{"gzip dump", profile.Dump{Format: "mydumper", Path: "/d", Compression: "gzip", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}},
			liveTarget("NO_ZERO_DATE"), profile.Target{}, []string{"gunzip -f /d/legacy.audit-schema.sql.gz && sed -i \"1i SET SESSION sql_mode='';\"",
				"an empty sql_mode"}},
		{"zero part under NO_ZERO_IN_DATE", profile.Dump{Format: "mydumper", Path: "/d", DumpDates: profile.DumpDates{ZeroDateDefaults: part}},
			liveTarget(mysql8Mode), profile.Target{}, []string{"refuses by NO_ZERO_IN_DATE", "'2024-00-00'"}},
		{"MySQL Shell into MySQL 8.4", profile.Dump{Format: "mysqlsh", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}},
			nil, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4", Source: profile.SourceFlag}, []string{"MySQL 8.4's default sql_mode", "was not measured"}},
		{"zero part without NO_ZERO_IN_DATE", profile.Dump{Format: "mydumper", DumpDates: profile.DumpDates{ZeroDateDefaults: part}},
			liveTarget("STRICT_TRANS_TABLES,NO_ZERO_DATE"), profile.Target{}, nil},
		{"MariaDB's default sql_mode", profile.Dump{Format: "mydumper", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}}, nil, maria, nil},
		{"mysqldump file", profile.Dump{Format: "mysqldump", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}}, liveTarget(mysql8Mode), profile.Target{}, nil},
		{"unknown target", profile.Dump{Format: "mydumper", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}}, nil, profile.Target{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			got := ZeroDateDefaultWarning(&profile.Profile{Dump: &d, Server: c.server}, Options{Target: c.target})
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

// TestZeroDateNotes: a mysqldump file's refused defaults get the note that
// its session creates them and what the target then refuses; zero dates
// in sampled rows get the note on what keeps them and what fails after,
// only under a strict sql_mode with the refusing mode.
func TestZeroDateNotes(t *testing.T) {
	zero := []profile.ZeroDate{{Table: "legacy.audit", Column: "changed", Value: "0000-00-00 00:00:00"}}
	models := []profile.DumpTableModel{{Name: "legacy.orders", ZeroDates: []profile.ZeroDate{{Column: "placed", Value: "0000-00-00"}}},
		{Name: "legacy.clean"}}
	cases := []struct {
		name string
		d    profile.Dump
		mode string
		has  []string
	}{
		{"mysqldump with header", profile.Dump{Format: "mysqldump", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}}, mysql8Mode,
			[]string{"the file's header sets its session's sql_mode to NO_AUTO_VALUE_ON_ZERO", "created as dumped (measured: exit 0)", "ERROR 1978"}},
		{"mysqldump --compact", profile.Dump{Format: "mysqldump", NoSessionHeader: true, DumpDates: profile.DumpDates{ZeroDateDefaults: zero}},
			mysql8Mode, []string{"the mysql line's --init-command sets"}},
		{"mydumper rows", profile.Dump{Format: "mydumper", TableModels: models}, mysql8Mode,
			[]string{"the sampled rows of table legacy.orders hold zero dates (legacy.orders.`placed` '0000-00-00')",
				"myloader 0.10's row sessions set SQL_MODE='NO_AUTO_VALUE_ON_ZERO'", "ALGORITHM=COPY", "ERROR 1292"}},
		{"rows without strict mode", profile.Dump{Format: "mydumper", TableModels: models}, "NO_ZERO_DATE", nil},
		{"rows under MariaDB's default", profile.Dump{Format: "mydumper", TableModels: models}, sqlModeMariaDB102, nil},
		{"mydumper defaults are the warning's", profile.Dump{Format: "mydumper", DumpDates: profile.DumpDates{ZeroDateDefaults: zero}}, mysql8Mode, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			got := strings.Join(ZeroDateNotes(&profile.Profile{Dump: &d, Server: liveTarget(c.mode)}, Options{}), "\n")
			if len(c.has) == 0 && got != "" {
				t.Fatalf("notes %q, want none", got)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("notes lack %q: %q", h, got)
				}
			}
		})
	}
}
