package threads_test

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/profile"
)

// TestAdviseTargetReachesThreads: advisor.Advise hands its resolved target
// to the thread plan (the reviewer's --target mariadb-10.11 repro).
func TestAdviseTargetReachesThreads(t *testing.T) {
	tests := []struct {
		name, target string
		hasShell     bool
		noteHas      string
	}{
		{"--target mariadb-10.11", "mariadb-10.11", false, "MariaDB has no ALTER INSTANCE"},
		{"--target mysql-8.0.36", "mysql-8.0.36", true, ""},
		{"no target: unknown, both tool families", "", true, "flavor and version are unknown"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var p profile.Profile
			p.Host.CPU.Logical = 2
			a, err := advisor.Advise(p, advisor.AdviseOptions{Target: tc.target, Durability: advisor.DurabilityRelaxed})
			if err != nil {
				t.Fatal(err)
			}
			cmds, notes := strings.Join(a.Threads.Commands, "\n"), strings.Join(a.Threads.Notes, "\n")
			if got := strings.Contains(cmds, "mysqlsh"); got != tc.hasShell {
				t.Errorf("mysqlsh lines = %v, want %v:\n%s", got, tc.hasShell, cmds)
			}
			if tc.target != "" && strings.Contains(notes, "flavor and version are unknown") {
				t.Errorf("notes call the resolved target unknown:\n%s", notes)
			}
			if !strings.Contains(notes, tc.noteHas) {
				t.Errorf("notes lack %q:\n%s", tc.noteHas, notes)
			}
		})
	}
}
