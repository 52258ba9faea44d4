package diskio

import (
	"slices"
	"time"

	"github.com/mytune/mytune/internal/stats"
)

// minSliceOps is the fewest operations a random slice should hold for its
// window (sliceWindows) to stand: a head of up to one operation per worker
// of the previous slice (16), then two more per worker of the largest
// thread count (32). On a 150-IOPS cgroup throttle, which releases ~15
// operations per 100 ms, that is the head's batch and ~2 whole dispatch
// periods after it; a 140 ms slice there held 1-2 batches and its
// 16-thread points read 0.57-0.77x of fio (bench-probe, 2026-12-01).
var minSliceOps = 3 * slices.Max(ThreadCounts)

// minSliceWaits is how many of its first round's longest pauses a slice
// of a slow device must span: the head (the previous point's queue, served
// in up to one such pause) and two whole periods after it. On a throttled
// device the longest pause between completions is its dispatch period
// (~100 ms for cgroup v1 blk-throttle), whatever its rate: the bw bed (600
// write IOPS, 60 per 100 ms) passed minSliceOps in 140 ms slices, yet they
// held one period after the head and its points read 0.52-0.68x of fio
// (bench-probe, 2026-12-01 02:00 UTC). On this project's disk the longest
// pauses were 0.5-8 ms quiet, up to ~25 ms at load 18.
const minSliceWaits = 3

// firstSlice is what a random phase's first-round slice showed: its rate
// (operations over its wall time) and its longest pause between
// completions.
type firstSlice struct {
	iops    float64
	longest time.Duration
}

// roundsFor is how many rounds the rest of a random phase, rem long, may be
// cut into so that each of its slices holds minSliceOps at the slowest rate
// its first round measured and spans minSliceWaits of that round's longest
// pauses (the median over its slices of each one's longest, so that one
// stall of a fast disk does not cut its rounds); between 1 and most. A
// fast disk keeps its rounds (thousands of operations a slice, pauses of
// ms); a throttled device gets one round of slices several dispatch
// periods long.
func roundsFor(rem time.Duration, first []firstSlice, most int) int {
	slowest := 0.0
	var longest []float64
	for _, f := range first {
		if f.iops > 0 && (slowest == 0 || f.iops < slowest) {
			slowest = f.iops
		}
		longest = append(longest, float64(f.longest))
	}
	if slowest == 0 || most < 1 {
		return max(most, 1)
	}
	need := max(time.Duration(float64(minSliceOps)/slowest*float64(time.Second)),
		minSliceWaits*time.Duration(stats.Median(longest)))
	return max(1, min(most, int(rem/(need*time.Duration(len(ThreadCounts))))))
}

// replan replaces the steps of steps[from]'s random phase, from index from
// to the phase's end, by rounds rounds numbered from steps[from].round, of
// the same total weight (so the phase keeps its time and byte shares).
func replan(steps []step, from, rounds int) []step {
	end, w := from, 0
	for end < len(steps) && steps[end].phase == steps[from].phase {
		w += steps[end].weight
		end++
	}
	out := slices.Clone(steps[:from])
	out = append(out, randomSteps(steps[from].phase, steps[from].round, rounds, w)...)
	return append(out, steps[end:]...)
}

// phaseRoundsLeft is how many rounds of steps[from]'s phase remain from from on.
func phaseRoundsLeft(steps []step, from int) int {
	n := 0
	for i := from; i < len(steps) && steps[i].phase == steps[from].phase; i++ {
		if i == from || steps[i].round != steps[i-1].round {
			n++
		}
	}
	return n
}

// afterSlice records what a first-round slice of a random phase showed
// and, once that round is over, cuts the rest of the phase into as many
// rounds as the device allows (roundsFor).
func (e *engine) afterSlice(i int, b sliceBound, ops int64) {
	s := e.steps[i]
	if s.round != 0 {
		return
	}
	if dt := time.Duration(b.end - b.start); dt > 0 {
		f := firstSlice{iops: float64(ops) / dt.Seconds(), longest: b.longest}
		if starved(b, b.longest) {
			f.longest = 0 // the host's pause, not the device's period: it must not lengthen the slices
		}
		e.firstRound = append(e.firstRound, f)
	}
	if i+1 >= len(e.steps) || e.steps[i+1].phase != s.phase || e.steps[i+1].round == 0 {
		return
	}
	first := e.firstRound
	e.firstRound = nil
	left := phaseRoundsLeft(e.steps, i+1)
	if r := roundsFor(e.phaseTimeLeft(i+1), first, left); r < left {
		e.steps = replan(e.steps, i+1, r)
		if e.pool != nil {
			e.pool.markProbes()
		}
	}
}

// phaseTimeLeft is the time the steps of steps[from]'s phase will get
// from from on: the remaining run time's share of their weights (stepBudget).
func (e *engine) phaseTimeLeft(from int) time.Duration {
	phaseW, total := 0, 0
	for _, st := range e.steps[from:] {
		total += st.weight
		if st.phase == e.steps[from].phase {
			phaseW += st.weight
		}
	}
	left := e.total - time.Since(e.start)
	if total == 0 || left <= 0 {
		return 0
	}
	return time.Duration(float64(left) * float64(phaseW) / float64(total))
}
