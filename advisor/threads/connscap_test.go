package threads

import (
	"fmt"
	"strings"
	"testing"
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
