package server

import (
	"strings"
	"testing"
)

// TestRedoSample: review r12, a server restarted between the two redo
// readings gave a smaller second reading, dropped without a word; it now
// says the server restarted. A counter that grew or stood still gives the
// rate.
func TestRedoSample(t *testing.T) {
	cases := []struct {
		name                   string
		first, second, elapsed float64
		rate                   float64
		why                    string
	}{
		{"grew", 1000, 3000, 2, 1000, ""},
		{"idle", 5000, 5000, 10, 0, ""},
		{"restarted", 5_411_840, 10_240, 8, -1, "the server restarted during the measurement"},
		{"no time", 1000, 2000, 0, -1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rate, why := redoSample(c.first, c.second, c.elapsed)
			if rate != c.rate || (c.why == "") != (why == "") || !strings.Contains(why, c.why) {
				t.Errorf("redoSample(%g, %g, %g) = %g, %q; want %g, %q", c.first, c.second, c.elapsed, rate, why, c.rate, c.why)
			}
		})
	}
}
