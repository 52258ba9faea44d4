package diskio

import (
	"testing"
	"time"
)

func TestMoreSyncs(t *testing.T) {
	tests := []struct {
		name      string
		expired   bool
		cancelled bool
		n         int
		ran       time.Duration // since the loop started
		want      bool
	}{
		{"before the deadline", false, false, 5000, 100 * time.Millisecond, true},
		{"past the deadline with enough commits", true, false, minSyncSamples, 1500 * time.Millisecond, false},
		{"past the deadline, short of 100: on for a p99 below the max", true, false, 70, 1500 * time.Millisecond, true},
		{"short of 100 but past the grace", true, false, 70, 2*time.Second + time.Millisecond, false},
		{"cancelled", true, true, 70, 1500 * time.Millisecond, false},
		{"the first commit even past the deadline", true, false, 0, 3 * time.Second, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &stepCtl{budget: time.Second}
			c.expired.Store(tc.expired)
			c.cancelled.Store(tc.cancelled)
			if got := moreSyncs(c, tc.n, time.Now().Add(-tc.ran)); got != tc.want {
				t.Errorf("moreSyncs(n=%d after %v, budget 1s) = %v, want %v", tc.n, tc.ran, got, tc.want)
			}
		})
	}
}

func TestSlowShare(t *testing.T) {
	us := func(vs ...int) []time.Duration {
		out := make([]time.Duration, len(vs))
		for i, v := range vs {
			out[i] = time.Duration(v) * time.Microsecond
		}
		return out
	}
	rep := func(v, n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = v
		}
		return out
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		want   float64
	}{
		// The hdd bed (150 write IOPS, a commit = a write and a flush):
		// ~87 of 100 pass in ~0.1 ms, the rest wait ~100 ms for the next dispatch.
		{"throttled: 13 of 100 waited", us(append(rep(100, 87), rep(99000, 13)...)...), 0.13},
		// This project's disk: 50-60 µs, a tail to 3-10x.
		{"fast disk: a tail, no second mode", us(append(append(rep(50, 90), rep(120, 9)...), 600)...), 0.01},
		{"every commit alike", us(rep(80, 10)...), 0},
		{"no samples", nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := slowShare(tc.sorted); got != tc.want {
				t.Errorf("slowShare = %v, want %v", got, tc.want)
			}
		})
	}
}
