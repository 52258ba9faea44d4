package diskio

import (
	"slices"
	"time"
)

// slice is one timed slice of a random curve point: its wall time, the
// latency of every operation issued in it, and its measuring window
// (sliceWindows).
type slice struct {
	elapsed time.Duration
	samples []time.Duration
	win     window
}

// rate is the slice's IOPS over its window; 0 when the window counted no
// completion (the slice gives the point no rate).
func (s slice) rate() float64 { return s.win.rate() }

// rates are what the slice adds to its point's SliceIOPS: its window's
// parts when it has them (a long slice), else its rate when it has one.
func (s slice) rates() []float64 {
	if len(s.win.parts) > 0 {
		return s.win.parts
	}
	if r := s.rate(); r > 0 {
		return []float64{r}
	}
	return nil
}

// curveAcc gathers the slices of one random phase, per thread count.
type curveAcc map[int][]slice

// add records one slice of the point at threads.
func (a curveAcc) add(threads int, s slice) { a[threads] = append(a[threads], s) }

// points returns the curve in ThreadCounts order: each point's totals, its
// latency percentiles over all its slices' operations, its windows' totals
// and the IOPS of every slice whose window counted a completion (or of the
// parts of a long slice's window: slice.rates).
// Thread counts with no slice are left out.
func (a curveAcc) points() []Scaling {
	out := make([]Scaling, 0, len(ThreadCounts))
	for _, n := range ThreadCounts {
		ss, ok := a[n]
		if !ok {
			continue
		}
		pt := Scaling{Threads: n}
		var all []time.Duration
		for _, s := range ss {
			pt.Ops += len(s.samples)
			pt.Elapsed += s.elapsed
			all = append(all, s.samples...)
			pt.WindowOps += s.win.ops
			pt.Window += s.win.dur
			pt.Pooled = pt.Pooled || s.win.parts != nil
			pt.SliceIOPS = append(pt.SliceIOPS, s.rates()...)
		}
		slices.Sort(all)
		pt.P50, pt.P99 = percentile(all, 50), percentile(all, 99)
		if len(all) > 0 {
			var sum time.Duration
			for _, d := range all {
				sum += d
			}
			pt.Mean = sum / time.Duration(len(all))
		}
		out = append(out, pt)
	}
	return out
}
