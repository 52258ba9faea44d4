package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCPUShareSessionsCounted: the CPU share says "1 session", not "1
// sessions" (review r14: a mysqldump file's one-session load printed "shares
// the 2 CPUs with the restore's 1 sessions (1/(1+18.70) × 1.50 …)").
func TestCPUShareSessionsCounted(t *testing.T) {
	busy := &profile.Load{Load1: 19.1}
	quiet := &profile.Load{Load1: 0.1}
	cases := []struct {
		name    string
		l       *profile.Load
		threads int
		want    string
	}{
		{"busy host, one session", busy, 1, "with the restore's 1 session ("},
		{"busy host, eight sessions", busy, 8, "with the restore's 8 sessions ("},
		{"quiet host, one session", quiet, 1, "with the restore's 1 session on 2 CPUs"},
		{"quiet host, sixteen sessions", quiet, 16, "with the restore's 16 sessions (16/(16+0.10)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, why := cpuShare(c.l, c.threads, 2)
			if !strings.Contains(why, c.want) {
				t.Errorf("cpuShare why = %q, want it to contain %q", why, c.want)
			}
		})
	}
}
