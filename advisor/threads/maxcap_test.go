package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMaxThreadsSaid: where cores x threads per core passes MaxThreads
// the reasons say the count was held to it (an 80-core Ampere Altra read
// "80 cores (2 dump threads per core ...) → 16 threads"); below it they
// say nothing of a cap.
func TestMaxThreadsSaid(t *testing.T) {
	cases := []struct {
		name       string
		logical    int
		dump, load int
		dumpHeld   string
		loadHeld   string
	}{
		{"80 cores", 80, 16, 16, "2 x 80 = 160, held to 16", "4 x 80 = 320, held to 16"},
		{"8 cores: the dump fits, the load is held", 8, 16, 16, "", "4 x 8 = 32, held to 16"},
		{"4 cores: neither is held", 4, 8, 16, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &profile.Profile{Host: profile.Host{CPU: profile.CPU{Logical: tc.logical, Physical: tc.logical}}}
			c := coresOf(p.Host)
			d := sizeDump(p, c)
			n, why := perCore(p, c, pool{})
			load := strings.Join(why, "; ")
			if d.Threads != tc.dump || n != tc.load {
				t.Errorf("dump %d load %d, want %d %d", d.Threads, n, tc.dump, tc.load)
			}
			for _, w := range []struct{ text, held string }{{d.Why, tc.dumpHeld}, {load, tc.loadHeld}} {
				if w.held != "" && !strings.Contains(w.text, w.held) || w.held == "" && strings.Contains(w.text, "held to") {
					t.Errorf("%q: want %q", w.text, w.held)
				}
			}
		})
	}
}
