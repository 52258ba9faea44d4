package diskio

import "time"

// ThreadCounts are the thread counts of the random scaling curves (CONTRACT.md: at least 1, 2, 4, 8 and 16).
var ThreadCounts = []int{1, 2, 4, 8, 16}

// Phase names, as reported in Progress.
const (
	PhaseSeqWrite  = "seq write"
	PhaseSync      = "sync"
	PhaseRandWrite = "rand write"
	PhaseRandRead  = "rand read"
	PhaseSeqRead   = "seq read"
)

// Phase weights, in percent of Duration. Why this split:
//   - seq write 15: it also lays out the file; on fast disks it stops early at
//     the byte budget and its unused time flows to the later steps.
//   - sync 15: at ~200 µs per fdatasync 1.5 s gives thousands of samples; on a
//     throttled SD card (p99 ~95 ms, bursty) about a second is the least for a p99.
//   - rand write 35 (7 per thread count): the write-scaling curve is what the
//     thread advice rests on, and writes vary more than reads (caches, GC).
//   - rand read 25 (5 per thread count): reads are steadier than writes.
//   - seq read 10: a steady stream of 1 MiB reads settles within a second.
const (
	weightSeqWrite     = 15
	weightSync         = 15
	weightRandWriteAll = 35
	weightRandReadAll  = 25
	weightSeqRead      = 10
)

// step is one timed step of a run: a phase, and for random phases a thread count.
type step struct {
	phase   string
	threads int
	weight  int
}

// plan returns the steps of a run in order, with their weights.
func plan() []step {
	steps := []step{{PhaseSeqWrite, 1, weightSeqWrite}, {PhaseSync, 1, weightSync}}
	for _, n := range ThreadCounts {
		steps = append(steps, step{PhaseRandWrite, n, weightRandWriteAll / len(ThreadCounts)})
	}
	for _, n := range ThreadCounts {
		steps = append(steps, step{PhaseRandRead, n, weightRandReadAll / len(ThreadCounts)})
	}
	return append(steps, step{PhaseSeqRead, 1, weightSeqRead})
}

// stepBudget is the time the first of steps may use: its weight's share of
// the remaining time among the steps still to run. A step that finished early
// thereby hands its time to the ones after it.
func stepBudget(remaining time.Duration, steps []step) time.Duration {
	if remaining <= 0 || len(steps) == 0 {
		return 0
	}
	total := 0
	for _, s := range steps {
		total += s.weight
	}
	if total == 0 {
		return 0
	}
	return time.Duration(float64(remaining) * float64(steps[0].weight) / float64(total))
}
