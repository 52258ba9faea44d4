package diskio

import "time"

// steadyIOPS is the rate of one random slice over its steady window: from
// the moment the last of its goroutines issued its first operation (every
// thread running) to the moment the first of them completed its last one
// (every thread still running), counting the operations that completed in
// between. ok is false when that window is empty or holds fewer
// operations than threads; the caller then uses the whole slice.
//
// Why: a slice's wall time also holds the wake-up of its goroutines after
// the gate (on a loaded 2-core host, 16 OS threads queue for a CPU behind
// ~40 runnable tasks) and the drain of the operations in flight at its
// deadline, when fewer threads remain. In a 140 ms slice (a 10 s run's
// 3.5 s of random writes over 25 slices) those edges cost the 16-thread
// point 9-15% against fio's 2 s job, whose start and end are a few ms of
// 2 s (bench-probe, 2026-11-30: 0.85-0.91 on the sd and hdd beds and this
// project's disk). fio's own figure leaves out its jobs' set-up too: its
// clock starts once every job of the group is created.
func steadyIOPS(ws []*worker) (iops float64, ok bool) {
	var from, to time.Time
	for i, w := range ws {
		if len(w.ends) == 0 {
			return 0, false
		}
		last := w.ends[len(w.ends)-1]
		if i == 0 || w.first.After(from) {
			from = w.first
		}
		if i == 0 || last.Before(to) {
			to = last
		}
	}
	if !to.After(from) {
		return 0, false
	}
	n := 0
	for _, w := range ws {
		for _, e := range w.ends {
			if e.After(from) && !e.After(to) {
				n++
			}
		}
	}
	if n < len(ws) {
		return 0, false
	}
	return float64(n) / to.Sub(from).Seconds(), true
}
