package threads

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLoadThreadsFitMaxConnections: the load (and so the copy and the
// printed myloader line) never asks for more sessions than max_connections
// leaves next to the loader's own connection. QA: a Pi Zero 2 profile (427
// MiB, 4 cores) got max_connections 151 → 10 and "myloader … --threads 16"
// in the same report; run as printed against that server, myloader 0.10
// stopped with "Too many connections", nothing loaded.
func TestLoadThreadsFitMaxConnections(t *testing.T) {
	tests := []struct {
		name             string
		serverConns      string // "" for no server read
		advisedConns     string // "" when the advice leaves it
		load, copy       int
		whyHas, whyHasnt string
	}{
		{name: "advised 10 on 4 cores: 16 capped at 9", serverConns: "151", advisedConns: "10", load: 9, copy: 8,
			whyHas: "max_connections is 10 (as advised here)"},
		{name: "advised 16: 16 threads and the main connection need 17, capped at 15", serverConns: "151", advisedConns: "16", load: 15, copy: 8,
			whyHas: "capped at 15 threads"},
		{name: "server's 12, no advice on it", serverConns: "12", load: 11, copy: 8, whyHas: "max_connections is 12 (the server's)"},
		{name: "advised 17: 16 fit", serverConns: "151", advisedConns: "17", load: 16, copy: 8, whyHasnt: "max_connections"},
		{name: "server's default 151: 16 fit", serverConns: "151", load: 16, copy: 8, whyHasnt: "max_connections"},
		{name: "no server, no advice: unknown, left alone", load: 16, copy: 8, whyHasnt: "max_connections"},
		{name: "advised 6: the copy follows the load down to 5", serverConns: "151", advisedConns: "6", load: 5, copy: 5, whyHas: "capped at 5 threads"},
		{name: "advised 10 without a server", advisedConns: "10", load: 9, copy: 8, whyHas: "(as advised here)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(4, 0, nil, nil)
			if tc.serverConns != "" {
				p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"max_connections": tc.serverConns})
			}
			opts := Options{Task: TaskAll, Advised: map[string]string{}}
			if tc.advisedConns != "" {
				opts.Advised["max_connections"] = tc.advisedConns
			}
			plan := Size(p, opts)
			if plan.Load.Threads != tc.load || plan.Copy.Threads != tc.copy {
				t.Errorf("load %d, copy %d threads; want %d, %d (%s)", plan.Load.Threads, plan.Copy.Threads, tc.load, tc.copy, plan.Load.Why)
			}
			if tc.whyHas != "" && !strings.Contains(plan.Load.Why, tc.whyHas) {
				t.Errorf("load why lacks %q: %s", tc.whyHas, plan.Load.Why)
			}
			if tc.whyHasnt != "" && strings.Contains(plan.Load.Why, tc.whyHasnt) {
				t.Errorf("load why has %q: %s", tc.whyHasnt, plan.Load.Why)
			}
			want := fmt.Sprintf("--threads %d ", tc.load)
			if cmds := strings.Join(plan.Commands, "\n"); !strings.Contains(cmds, "myloader") || !strings.Contains(cmds[strings.Index(cmds, "myloader"):], want) {
				t.Errorf("the myloader line does not run at %d threads:\n%s", tc.load, cmds)
			}
		})
	}
}

// TestDumpThreadsFitMaxConnections: the dump of the server read (no
// --dump: its disk sized the dump) never asks for more sessions than
// max_connections leaves next to mydumper's own connection; a --dump's
// source is another server and keeps its count. QA: 8 cores in a 384 MiB
// cgroup got max_connections 151 → 10 and "mydumper … --threads 16"; run
// against that server, mydumper 0.10 stopped with "Too many connections".
func TestDumpThreadsFitMaxConnections(t *testing.T) {
	tests := []struct {
		name         string
		advisedConns string
		withDump     bool // a --dump was read
		want, copy   int
		whyHas       string
	}{
		{name: "advised 10 on 8 cores: 16 capped at 9", advisedConns: "10", want: 9, copy: 9, whyHas: "the dumper's 16 sessions and its own connection would not fit"},
		{name: "advised 17: 16 fit", advisedConns: "17", want: 16, copy: 16},
		{name: "advised 12: 11", advisedConns: "12", want: 11, copy: 11, whyHas: "capped at 11 threads"},
		{name: "server's 151: 16", want: 16, copy: 16},
		{name: "a --dump's source is another server: left alone", advisedConns: "10", withDump: true, want: 16, copy: 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var d *profile.Dump
			if tc.withDump {
				d = manyTables
			}
			p := prof(8, 0, nil, d)
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"max_connections": "151"})
			opts := Options{Task: TaskAll, Advised: map[string]string{}}
			if tc.advisedConns != "" {
				opts.Advised["max_connections"] = tc.advisedConns
			}
			plan := Size(p, opts)
			if plan.Dump.Threads != tc.want || plan.Copy.Threads != tc.copy {
				t.Errorf("dump %d, copy %d threads; want %d, %d (%s)", plan.Dump.Threads, plan.Copy.Threads, tc.want, tc.copy, plan.Dump.Why)
			}
			if has := strings.Contains(plan.Dump.Why, "max_connections"); has != (tc.whyHas != "") || !strings.Contains(plan.Dump.Why, tc.whyHas) {
				t.Errorf("dump why (want %q): %s", tc.whyHas, plan.Dump.Why)
			}
		})
	}
}
