package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestNonInnoDBCommitText: a server whose user tables are Aria and MyISAM
// only is not told its commits sync InnoDB's redo log (review r38,
// MariaDB 10.11.19 under strace: 500 autocommit INSERTs made 500
// fdatasync of aria_log into an Aria TRANSACTIONAL=1 table, none into
// TRANSACTIONAL=0 Aria or MyISAM, plus 500 of the binary log each at
// sync_binlog=1).
func TestNonInnoDBCommitText(t *testing.T) {
	engines := func(m map[string]profile.EngineUsage) func(*profile.Profile) {
		return func(p *profile.Profile) { setVersion("mariadb", "10.11.19")(p); p.Server.Engines = m }
	}
	aria := engines(map[string]profile.EngineUsage{"Aria": {Tables: 3}, "MyISAM": {Tables: 1}})
	cases := []struct {
		name    string
		mutate  func(*profile.Profile)
		want    []string // in the commit note ("" none: InnoDB's text)
		notWant string
	}{
		{"Aria and MyISAM, sync_binlog=1", all(aria, setVar("sync_binlog", "1")),
			[]string{"3 Aria and 1 MyISAM, none InnoDB", "aria_log", "sync_binlog=1) adds 1 sync"}, "The current settings make"},
		{"Aria and MyISAM, binary log off", all(aria, setVar("log_bin", "OFF")),
			[]string{"do not wait for InnoDB's redo log", "MyISAM tables sync nothing at commit."}, "sync_binlog=1) adds"},
		{"MyISAM only", all(engines(map[string]profile.EngineUsage{"MyISAM": {Tables: 2}}), setVar("log_bin", "OFF")),
			[]string{"2 MyISAM, none InnoDB", ": MyISAM tables sync nothing at commit."}, "aria_log"},
		{"an InnoDB table too: InnoDB's text", engines(map[string]profile.EngineUsage{"Aria": {Tables: 3}, "InnoDB": {Tables: 1}}),
			[]string{"The current settings make"}, "none InnoDB"},
		{"tables unread: InnoDB's text", func(p *profile.Profile) { p.Server.Engines = nil }, []string{"The current settings make"}, "none InnoDB"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, hits := memEnv(t, c.mutate)
			h, ok := hits["durability.commit_cost"]
			if !ok {
				t.Fatal("durability.commit_cost did not fire")
			}
			for _, w := range c.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail %q lacks %q", h.RenderedDetail, w)
				}
			}
			if strings.Contains(h.RenderedDetail, c.notWant) {
				t.Errorf("detail %q says %q", h.RenderedDetail, c.notWant)
			}
		})
	}
}
