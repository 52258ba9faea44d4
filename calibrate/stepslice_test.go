package calibrate

import (
	"testing"
	"time"
)

// TestStepSlice: each step gets an even share of what is left of the run,
// so earlier overruns are taken from later steps (review r8: calibrate
// --duration 2s ran its steps for 0.43, 0.48, 0.49, 0.64 and 0.87 s, 3.4 s
// in all; --duration 5s 6.3 s, each step given a fixed 1/5 however late it
// started), with a floor of a quarter of the even slice.
func TestStepSlice(t *testing.T) {
	t0 := time.Date(2026, 12, 6, 7, 0, 0, 0, time.UTC)
	even := time.Second // a 5 s run of 5 steps
	deadline := t0.Add(5 * time.Second)
	cases := []struct {
		name    string
		elapsed time.Duration
		left    int
		want    time.Duration
	}{
		{"first step, on time", 0, 5, time.Second},
		{"second step after a 0.2 s overrun", 1200 * time.Millisecond, 4, 950 * time.Millisecond},
		{"one step left at the start", 0, 1, 5 * time.Second},
		{"last step after overruns", 4600 * time.Millisecond, 1, 400 * time.Millisecond},
		{"deadline passed: the floor", 5200 * time.Millisecond, 1, 250 * time.Millisecond},
		{"far behind: the floor", 4900 * time.Millisecond, 2, 250 * time.Millisecond},
	}
	for _, c := range cases {
		if got := stepSlice(deadline, t0.Add(c.elapsed), c.left, even); got != c.want {
			t.Errorf("%s: stepSlice = %v, want %v", c.name, got, c.want)
		}
	}
}
