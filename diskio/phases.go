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
//
// The sync loop runs after the random reads, not right after the writes:
// there the device is still flushing the write burst and the first commits
// read 1.2-1.35x slower than fio's (measured on the 256 MiB budget, where
// the loop lasts ~0.3 s). Other orders measured worse against fio on this
// project's disk (random reads before writes: 0.85x at 1 thread; the sync
// loop last: 1.19-1.39x), though on the throttled SD bed the random writes
// right after the sequential write read 1.18x at 1 thread (the throttle lets
// a burst through after a slow sequential phase; a real card has no such
// slice accounting).
func plan() []step {
	steps := []step{{PhaseSeqWrite, 1, weightSeqWrite}}
	for _, n := range ThreadCounts {
		steps = append(steps, step{PhaseRandWrite, n, weightRandWriteAll / len(ThreadCounts)})
	}
	for _, n := range ThreadCounts {
		steps = append(steps, step{PhaseRandRead, n, weightRandReadAll / len(ThreadCounts)})
	}
	return append(steps, step{PhaseSync, 1, weightSync}, step{PhaseSeqRead, 1, weightSeqRead})
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

// Write weights, in percent of the byte budget (--max-bytes: a hard cap on
// what the probe writes, CONTRACT.md). The sequential write lays out the
// test file (fileShare, 25% of the budget, see Budget) and overwrites it
// with the rest of its share (10% of the budget, at least minOverwriteBytes
// on the default); the sync loop's 20% is 3276 writes of 16 KiB on the
// 256 MiB default (a window of ~0.3 s on this project's SSD-fast disk: at
// 10% its p50 read 1.2-1.35x fio's); each random-write thread count gets 9%
// (1474 writes). A write step ends at its deadline or at its share,
// whichever comes first; its unused time flows to the later steps, the reads
// among them.
const (
	writeWeightSeqWrite  = 35
	writeWeightSync      = 20
	writeWeightRandWrite = 9 // per thread count: 45 in all
)

// writeWeight is s's share weight of the byte budget, 0 for a read step.
func writeWeight(s step) int {
	switch s.phase {
	case PhaseSeqWrite:
		return writeWeightSeqWrite
	case PhaseSync:
		return writeWeightSync
	case PhaseRandWrite:
		return writeWeightRandWrite
	}
	return 0
}

// byteShare is the bytes the first of steps may write: its write weight's
// share of the bytes still allowed among the write steps still to run;
// 0 for a read step (reads are bounded by time only).
func byteShare(remaining uint64, steps []step) uint64 {
	w := writeWeight(steps[0])
	if w == 0 {
		return 0
	}
	total := 0
	for _, s := range steps {
		total += writeWeight(s)
	}
	return remaining / uint64(total) * uint64(w)
}
