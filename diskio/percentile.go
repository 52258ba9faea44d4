package diskio

import (
	"slices"
	"time"
)

// percentile returns the nearest-rank p-th percentile (0 < p <= 100) of
// sorted: the smallest sample such that at least p% of samples are <= it,
// i.e. sorted[ceil(p/100*n)-1]. fio reports clat percentiles the same way
// (stat.c calc_clat_percentiles: first bucket whose cumulative count reaches
// p/100*n). It returns 0 for no samples.
func percentile(sorted []time.Duration, p float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := int(p / 100 * float64(n))
	if float64(rank) < p/100*float64(n) {
		rank++ // ceil
	}
	rank = max(1, min(n, rank))
	return sorted[rank-1]
}

// summarize sorts samples in place and returns their latency statistics over elapsed.
func summarize(samples []time.Duration, elapsed time.Duration) LatencyStats {
	s := LatencyStats{Ops: len(samples), Elapsed: elapsed}
	if len(samples) == 0 {
		return s
	}
	slices.Sort(samples)
	var sum time.Duration
	for _, d := range samples {
		sum += d
	}
	s.P50 = percentile(samples, 50)
	s.P90 = percentile(samples, 90)
	s.P99 = percentile(samples, 99)
	s.Max = samples[len(samples)-1]
	s.Mean = sum / time.Duration(len(samples))
	return s
}
