package diskio

import (
	"math"
	"testing"
	"time"
)

// steadyWorker is a worker whose first operation was issued at first ms
// and whose operations completed at ends ms, after t0.
func steadyWorker(t0 time.Time, first int, ends ...int) *worker {
	w := &worker{first: t0.Add(time.Duration(first) * time.Millisecond)}
	for _, e := range ends {
		w.ends = append(w.ends, t0.Add(time.Duration(e)*time.Millisecond))
	}
	return w
}

func TestSteadyIOPS(t *testing.T) {
	t0 := time.Now()
	tests := []struct {
		name   string
		ws     []*worker
		want   float64
		wantOK bool
	}{
		// From the first completion (20 ms) to the last (100): 8 completions in 80 ms.
		{"one thread: completions over the time between them", []*worker{steadyWorker(t0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100)}, 8 / 0.080, true},
		// The second thread woke 40 ms late: the window starts when it issued;
		// the first thread's completions before that are left out.
		{"late thread: window starts when all run", []*worker{
			steadyWorker(t0, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100),
			steadyWorker(t0, 40, 50, 60, 70, 80, 90, 100),
		}, 12 / 0.060, true},
		// The first thread stopped at 80 ms (its last operation): the window
		// ends there, so the drain by the other thread alone is left out.
		{"drain: window ends at the first thread's last completion", []*worker{
			steadyWorker(t0, 0, 10, 20, 30, 40, 50, 60, 70, 80),
			steadyWorker(t0, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120),
		}, 14 / 0.070, true},
		// A throttle held the burst of 4 for 30 ms: the window starts at the
		// first completion, then 150/s (one per 6.67 ms, the hdd bed).
		{"queued burst: the wait before the first completion is left out", []*worker{
			steadyWorker(t0, 0, 30, 56, 83, 110),
			steadyWorker(t0, 0, 36, 63, 90, 116),
			steadyWorker(t0, 0, 43, 70, 96, 123),
			steadyWorker(t0, 0, 50, 76, 103, 130),
		}, 12 / 0.080, true},
		{"a thread with no operation", []*worker{steadyWorker(t0, 0, 10, 20), {}}, 0, false},
		{"fewer than minSteadyOps completions", []*worker{steadyWorker(t0, 0, 10, 20, 30, 40, 50, 60, 70)}, 0, false},
		{"empty window: last thread started after the first ended", []*worker{
			steadyWorker(t0, 0, 10), steadyWorker(t0, 20, 30),
		}, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := steadyIOPS(tc.ws)
			if ok != tc.wantOK || math.Abs(got-tc.want) > 1e-6*max(1, tc.want) {
				t.Errorf("steadyIOPS = %v, %v; want %v, %v", got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

func TestSliceRate(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name string
		s    slice
		want float64
	}{
		{"steady window wins", slice{elapsed: 100 * ms, samples: make([]time.Duration, 10), iops: 150}, 150},
		{"no steady window: ops over wall time", slice{elapsed: 100 * ms, samples: make([]time.Duration, 10)}, 100},
		{"no operation", slice{elapsed: 100 * ms, iops: 150}, 0},
		{"no time", slice{samples: make([]time.Duration, 3)}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.rate(); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("rate() = %v, want %v", got, tc.want)
			}
		})
	}
}
