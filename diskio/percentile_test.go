package diskio

import (
	"reflect"
	"testing"
	"time"
)

func durations(vals ...int) []time.Duration {
	out := make([]time.Duration, len(vals))
	for i, v := range vals {
		out[i] = time.Duration(v)
	}
	return out
}

func TestPercentileNearestRank(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i + 1)
	}
	tests := []struct {
		name   string
		sorted []time.Duration
		p      float64
		want   time.Duration
	}{
		{name: "empty", sorted: nil, p: 50, want: 0},
		{name: "single", sorted: durations(7), p: 99, want: 7},
		{name: "p50 of 1..100 is 50", sorted: hundred, p: 50, want: 50},
		{name: "p99 of 1..100 is 99", sorted: hundred, p: 99, want: 99},
		{name: "p100 is the max", sorted: hundred, p: 100, want: 100},
		{name: "p50 of four rounds rank up to 2", sorted: durations(10, 20, 30, 40), p: 50, want: 20},
		{name: "p50 of five is the middle", sorted: durations(1, 2, 3, 4, 5), p: 50, want: 3},
		{name: "p99 of ten is the max (rank ceil(9.9)=10)", sorted: durations(1, 2, 3, 4, 5, 6, 7, 8, 9, 1000), p: 99, want: 1000},
		{name: "tiny p is the min", sorted: durations(5, 6, 7), p: 0.1, want: 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := percentile(tc.sorted, tc.p); got != tc.want {
				t.Errorf("percentile(%v, %v) = %v, want %v", tc.sorted, tc.p, got, tc.want)
			}
		})
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		name    string
		samples []time.Duration
		elapsed time.Duration
		want    LatencyStats
		wantOps float64
	}{
		{name: "none", samples: nil, elapsed: time.Second, want: LatencyStats{Elapsed: time.Second}},
		{name: "unsorted input", samples: durations(30, 10, 20, 40), elapsed: 2 * time.Second,
			want:    LatencyStats{Ops: 4, Elapsed: 2 * time.Second, P50: 20, P90: 40, P99: 40, Max: 40, Mean: 25},
			wantOps: 2},
		// A throttled bed's fdatasync loop: 8 commits pass, 2 wait for the
		// next 100 ms slice; the p90 (9th of 10) is in the slow mode.
		{name: "bimodal: p90 in the slow mode", samples: durations(97000, 100, 110, 90, 97100, 120, 100, 95, 105, 100), elapsed: time.Second,
			want:    LatencyStats{Ops: 10, Elapsed: time.Second, P50: 100, P90: 97000, P99: 97100, Max: 97100, Mean: 19492},
			wantOps: 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := summarize(tc.samples, tc.elapsed)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("summarize = %+v, want %+v", got, tc.want)
			}
			if got.OpsPerSec() != tc.wantOps {
				t.Errorf("OpsPerSec = %v, want %v", got.OpsPerSec(), tc.wantOps)
			}
		})
	}
}
