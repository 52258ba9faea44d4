package threads

import (
	"fmt"
	"strings"
	"testing"
)

// TestThreadsFitMaxUserConnections: the load and dump sessions and the
// tool's own connection fit the server's global max_user_connections,
// which holds the one account myloader and mydumper connect as (review
// r16: MariaDB 10.11 with max_user_connections 3 got "myloader … --threads
// 8"; run as printed by an account without SUPER, myloader 0.10 --threads
// 4 stopped with "User v already has more than 'max_user_connections'
// active connections", exit 1, nothing loaded; --threads 2 loaded).
func TestThreadsFitMaxUserConnections(t *testing.T) {
	tests := []struct {
		name, perUser, maxConns string
		load, dump              int
		whyHas                  string
	}{
		{name: "3 per account: 2 sessions and the loader's own", perUser: "3", maxConns: "151", load: 2, dump: 2, whyHas: "max_user_connections is 3"},
		{name: "0 is no limit", perUser: "0", maxConns: "151", load: 16, dump: 8},
		{name: "17 per account: 16 fit", perUser: "17", maxConns: "151", load: 16, dump: 8},
		{name: "10 per account: 9", perUser: "10", maxConns: "151", load: 9, dump: 8, whyHas: "capped at 9 threads"},
		{name: "max_connections 6 binds first, then 4 per account", perUser: "4", maxConns: "6", load: 3, dump: 3, whyHas: "max_connections is 6"},
		{name: "MariaDB's -1 is not a count", perUser: "-1", maxConns: "151", load: 16, dump: 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(4, 0, nil, nil)
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"max_connections": tc.maxConns, "max_user_connections": tc.perUser})
			plan := Size(p, Options{Task: TaskAll, Advised: map[string]string{}})
			if plan.Load.Threads != tc.load || plan.Dump.Threads != tc.dump {
				t.Errorf("load %d, dump %d threads; want %d, %d (%s | %s)", plan.Load.Threads, plan.Dump.Threads, tc.load, tc.dump, plan.Load.Why, plan.Dump.Why)
			}
			if tc.whyHas != "" && !strings.Contains(plan.Load.Why, tc.whyHas) {
				t.Errorf("load why lacks %q: %s", tc.whyHas, plan.Load.Why)
			}
			cmds := strings.Join(plan.Commands, "\n")
			for tool, n := range map[string]int{"myloader": tc.load, "mydumper": tc.dump} {
				i := strings.Index(cmds, tool)
				if i < 0 || !strings.Contains(cmds[i:], fmt.Sprintf("--threads %d ", n)) {
					t.Errorf("the %s line does not run at %d threads:\n%s", tool, n, cmds)
				}
			}
		})
	}
}
