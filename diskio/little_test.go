package diskio

import (
	"testing"
	"time"
)

// TestIOPSWithinLittleBound: a point's figure never exceeds littleSlack x
// threads / mean latency (Little's law). The QA 13 case is rand_write[0] of the sd bed
// (15 MB/s, 150 write IOPS throttle), /tmp/qa13-scratch/adv7.json: iops 2055,
// mean_us 2885.4, ops 55, window_ops 29; its elapsed time is not in the
// profile, so the case takes 55 ops one after another at that mean.
func TestIOPSWithinLittleBound(t *testing.T) {
	qa13Mean := time.Duration(2885.4 * float64(time.Microsecond))
	cases := []struct {
		name    string
		s       Scaling
		wantMax float64 // the figure must not exceed this
		wantMin float64 // nor fall below this
	}{
		{"QA 13 sd bed: one batch's 29 completions in 14 ms at a 2885 µs mean", Scaling{Threads: 1, Ops: 55,
			Elapsed: 55 * qa13Mean, Mean: qa13Mean, SliceIOPS: []float64{2055}, WindowOps: 29,
			Window: 14112 * time.Microsecond}, 347, 340}, // 29 / 2055 s
		{"a throttle's whole periods: 150 IOPS at 6.6 ms, kept", Scaling{Threads: 1, Ops: 150, Elapsed: time.Second,
			Mean: 6600 * time.Microsecond, SliceIOPS: []float64{150}}, 150, 150},
		{"16 threads on an SSD: 20000 IOPS at 780 µs, kept", Scaling{Threads: 16, Ops: 20000, Elapsed: time.Second,
			Mean: 780 * time.Microsecond, SliceIOPS: []float64{20000}}, 20000, 20000},
		{"simulated 300-IOPS throttle at one thread: 317 against a bound of 249 (head-inflated mean), kept",
			Scaling{Threads: 1, Ops: 60, Elapsed: 240 * time.Millisecond, Mean: 4016 * time.Microsecond,
				SliceIOPS: []float64{343.8, 291.6}}, 318, 317},
		{"mean unknown: the window stands", Scaling{Threads: 1, SliceIOPS: []float64{500}}, 500, 500},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.s.IOPS()
			if got > tc.wantMax || got < tc.wantMin {
				t.Errorf("IOPS %.1f, want %.0f-%.0f", got, tc.wantMin, tc.wantMax)
			}
		})
	}
}
