package diskio

import "time"

// minSteadyOps is the fewest completions a steady window must hold for its
// rate to stand: fewer is the timing of a handful of I/Os (a judgement).
// A 100 ms slice of 16 threads on a 150-IOPS disk holds ~15.
const minSteadyOps = 8

// steadyIOPS is the rate at which one random slice's operations completed
// over its steady window: from the later of the first completion and the
// moment the last of its goroutines issued its first operation (every
// thread running, the device serving), to the moment the first of them
// completed its last one (every thread still running), counting the
// completions after its start. ok is false when that window is empty or
// holds fewer than minSteadyOps; the caller then uses the whole slice.
//
// Why: a slice's wall time also holds the wake-up of its goroutines after
// the gate (on a loaded 2-core host, 16 OS threads queue for a CPU behind
// ~40 runnable tasks), the first operations' wait (a cgroup throttle
// queues a burst of 16), and the drain of the operations in flight at its
// deadline, when fewer threads remain. In a 100-140 ms slice (a 10 s run's
// random phases over 25 slices) those edges cost the 16-thread point
// 15-27% against fio's 2 s job, whose start and end are a few ms of 2 s
// (bench-probe, 2026-12-01: 116 against 150 IOPS on the hdd bed, 0.84-0.93
// on the sd bed and this project's disk). The count of completions over the
// time between them is what a long run converges to.
func steadyIOPS(ws []*worker) (iops float64, ok bool) {
	var from, to, firstEnd time.Time
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
		if i == 0 || w.ends[0].Before(firstEnd) {
			firstEnd = w.ends[0]
		}
	}
	if firstEnd.After(from) {
		from = firstEnd
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
	if n < minSteadyOps {
		return 0, false
	}
	return float64(n) / to.Sub(from).Seconds(), true
}
