package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestGaleraAnnotate: on a Galera node with binlog_annotate_row_events ON
// the load plan turns it OFF for the load and back ON after (review r46,
// MariaDB 10.11.19, 2 nodes: a 19.9 MB dump sent 38.8 MB of write sets ON,
// 19.0 MB OFF).
func TestGaleraAnnotate(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}
	mysql := profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.36"}
	noAnnotate := galeraVars(nil)
	delete(noAnnotate, "binlog_annotate_row_events")
	cases := []struct {
		name     string
		vars     map[string]string
		target   profile.Target
		dump     *profile.Dump
		advised  map[string]string
		want     []string // in the setting's text; nil: not offered
		notWants []string
	}{
		{"ON, modelled dump: its sizes", galeraVars(nil), maria, sbtestDump(false), nil,
			[]string{"SET GLOBAL binlog_annotate_row_events = OFF", "binlog_annotate_row_events = ON;", "about 78.6 MiB for this load instead of 154.7 MiB",
				"38.8 MB", "19.0 MB", "mysqlbinlog -v shows the rows only"}, nil},
		{"ON, no dump read: the measured load", galeraVars(nil), maria, nil, nil,
			[]string{"SET GLOBAL binlog_annotate_row_events = OFF", "sent 38.8 MB of write sets with it ON, 19.0 MB with it OFF"}, []string{"for this load"}},
		{"absent on MariaDB: ON by default", noAnnotate, maria, sbtestDump(false), nil, []string{"about 78.6 MiB for this load"}, nil},
		{"absent on MySQL: none", noAnnotate, mysql, sbtestDump(false), nil, nil, nil},
		{"already OFF", galeraVars(map[string]string{"binlog_annotate_row_events": "OFF"}), maria, sbtestDump(false), nil, nil, nil},
		{"advised OFF", galeraVars(nil), maria, sbtestDump(false), map[string]string{"binlog_annotate_row_events": "OFF"}, nil, nil},
		{"--load-data: no INSERT text", galeraVars(nil), maria, sbtestDump(true), nil, nil, nil},
		{"wsrep_on OFF: no cluster", galeraVars(map[string]string{"wsrep_on": "OFF"}), maria, sbtestDump(false), nil, nil, nil},
		{"no provider: no cluster", galeraVars(map[string]string{"wsrep_provider": "none"}), maria, sbtestDump(false), nil, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(4, 0, fastCurve, nil)
			p.Server = &profile.Server{Reachable: true, Variables: c.vars}
			p.Dump = c.dump
			plan := Size(p, Options{Task: TaskLoad, Target: c.target, Advised: c.advised})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "binlog_annotate_row_events") {
					got = &plan.Temporary[i]
				}
			}
			if c.want == nil {
				if got != nil {
					t.Fatalf("offered: %+v", *got)
				}
				return
			}
			if got == nil {
				t.Fatalf("not offered; settings %+v", plan.Temporary)
			}
			text := got.Name + "\n" + got.Apply + "\n" + got.Undo + "\n" + got.Warning
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("lacks %q:\n%s", w, text)
				}
			}
			for _, w := range c.notWants {
				if strings.Contains(text, w) {
					t.Errorf("has %q:\n%s", w, text)
				}
			}
		})
	}
}
