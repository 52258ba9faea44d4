package probe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestServerLimitsProcessGone: review r12, a server killed (kill -9) while
// advise ran left its pid_file naming a process that no longer exists; the
// gap said /proc/PID/comm could not be read and to run mytune as root,
// which it was. A process that is not there is now said to be not
// running, without the advice about privileges.
func TestServerLimitsProcessGone(t *testing.T) {
	cases := []struct {
		name, pid     string
		want, notWant string
	}{
		{"killed server", "9999", "process 9999 of its pid_file", "run mytune as root"},
		{"killed server, said why", "9999", "is not running", "cannot be read"},
		{"killed server, what to do", "9999", "run mytune again while the server runs", "as the server's user"},
		{"running server: no gap", "4242", "", "mytune's own"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := limitsTree(t, "mariadbd")
			pidFile := filepath.Join(t.TempDir(), "mysqld.pid")
			if err := os.WriteFile(pidFile, []byte(c.pid+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			p := &profile.Profile{Server: &profile.Server{Reachable: true, Variables: map[string]string{"pid_file": pidFile}}}
			serverLimits(p, r, true, "")
			var gaps []string
			for _, g := range p.Gaps {
				gaps = append(gaps, g.Probe+": "+g.Reason)
			}
			got := strings.Join(gaps, "\n")
			if !strings.Contains(got, c.want) || strings.Contains(got, c.notWant) {
				t.Errorf("gaps %q: want %q, not %q", got, c.want, c.notWant)
			}
		})
	}
}
