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

// Phase weights, in per mille of Duration. Why this split:
//   - seq write 150: it also lays out the file; on fast disks it stops early at
//     the byte budget and its unused time flows to the later steps.
//   - sync 150: at ~200 µs per fdatasync 1.5 s gives thousands of samples; on a
//     throttled SD card (p99 ~95 ms, bursty) about a second is the least for a p99.
//   - rand write 350 (70 per thread count): the write-scaling curve is what the
//     thread advice rests on, and writes vary more than reads (caches, GC).
//   - rand read 250 (50 per thread count): reads are steadier than writes.
//   - seq read 100: a steady stream of 1 MiB reads settles within a second.
const (
	weightSeqWrite     = 150
	weightSync         = 150
	weightRandWriteAll = 350
	weightRandReadAll  = 250
	weightSeqRead      = 100
	weightTotal        = 1000
)

// MaxRounds is the most round-robin rounds a random phase is cut into.
// Each round visits every thread count once, for one slice; a point's IOPS
// is the median of its slices, so a hiccup that hits one slice (a GC pause
// of the device, another tenant's burst) cannot pick the knee. Five rounds
// give five slices per point, enough for a median and a quartile spread.
// A device too slow for them (a first round whose slices hold under
// minSliceOps) has the rest of each random phase cut into fewer, longer
// rounds (roundsFor).
const MaxRounds = 5

// minSliceTime is the shortest slice worth timing: below ~100 ms a slice
// catches only a handful of operations on a 150-IOPS card (measured on the
// sd test bed: 9 reads in one step gave a misleading 80 IOPS; MinDuration).
const minSliceTime = 100 * time.Millisecond

// Rounds is how many round-robin rounds a run of duration d cuts each
// random phase into: as many as keep every random-read slice (the shorter
// phase) at minSliceTime or more, between 1 and MaxRounds. A 10 s run gets 5.
func Rounds(d time.Duration) int {
	perRound := minSliceTime * time.Duration(len(ThreadCounts)) * weightTotal / weightRandReadAll
	return max(1, min(MaxRounds, int(d/perRound)))
}

// step is one timed step of a run: a phase, and for random phases a thread
// count and the round it belongs to.
type step struct {
	phase   string
	threads int
	round   int
	weight  int
}

// plan returns the steps of a run cut into rounds random rounds, in order,
// with their weights.
//
// Each random phase is rounds rounds over the thread counts; round r starts
// at thread count r (mod 5), so no point always runs first after another
// phase (on the throttled SD bed the first random writes after the
// sequential write read 1.18x: the throttle lets a burst through), and the
// median of a point's slices drops the one that caught it.
//
// The sync loop runs after the random reads, not right after the writes:
// there the device is still flushing the write burst and the first commits
// read 1.2-1.35x slower than fio's (measured on the 256 MiB budget, where
// the loop lasts ~0.3 s). Other orders measured worse against fio on this
// project's disk (random reads before writes: 0.85x at 1 thread; the sync
// loop last: 1.19-1.39x). scripts/bench-probe.sh runs fio's jobs in this
// same order, back to back, so each figure is compared after the same load.
func plan(rounds int) []step {
	rounds = max(1, rounds)
	steps := []step{{phase: PhaseSeqWrite, threads: 1, weight: weightSeqWrite}}
	steps = append(steps, randomSteps(PhaseRandWrite, 0, rounds, weightRandWriteAll)...)
	steps = append(steps, randomSteps(PhaseRandRead, 0, rounds, weightRandReadAll)...)
	return append(steps, step{phase: PhaseSync, threads: 1, weight: weightSync}, step{phase: PhaseSeqRead, threads: 1, weight: weightSeqRead})
}

// planFor is the plan of a run with options o: plan, or with o.SyncOnly
// the sequential write that lays out the file and the fdatasync loop, with
// equal shares of the time (their weights are equal), or the appending
// loop alone (o.AppendBytes: it lays nothing out).
func planFor(o Options) []step {
	if o.SyncOnly && o.AppendBytes > 0 {
		return []step{{phase: PhaseSync, threads: 1, weight: weightSync}}
	}
	if o.SyncOnly {
		return []step{{phase: PhaseSeqWrite, threads: 1, weight: weightSeqWrite}, {phase: PhaseSync, threads: 1, weight: weightSync}}
	}
	return plan(Rounds(o.Duration))
}

// randomSteps cuts one random phase of weight w into rounds rounds of one
// slice per thread count, numbered from first, each round starting one
// thread count later.
func randomSteps(phase string, first, rounds, w int) []step {
	n := len(ThreadCounts)
	out := make([]step, 0, rounds*n)
	for r := first; r < first+rounds; r++ {
		for i := range n {
			out = append(out, step{phase: phase, threads: ThreadCounts[(r+i)%n], round: r, weight: 0})
		}
	}
	// Spread w over the slices so the weights still sum to w exactly.
	for i := range out {
		out[i].weight = w*(i+1)/len(out) - w*i/len(out)
	}
	return out
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

// Write weights, in per mille of the byte budget (--max-bytes: a hard cap
// on what the probe writes, CONTRACT.md). The sequential write lays out the
// test file (fileShare, 25% of the budget, see Budget) and overwrites it
// with the rest of its share (10% of the budget, at least minOverwriteBytes
// on the default); the sync loop's 20% is 3276 writes of 16 KiB on the
// 256 MiB default (a window of ~0.3 s on this project's SSD-fast disk: at
// 10% its p50 read 1.2-1.35x fio's); the random writes share 45%, equally
// over their slices (1474 writes per thread count on the 256 MiB default).
// A write step ends at its deadline or at its share, whichever comes
// first; its unused time flows to the later steps, the reads among them.
const (
	writeWeightSeqWrite     = 350
	writeWeightSync         = 200
	writeWeightRandWriteAll = 450
)

// writeWeight is s's share weight of the byte budget, 0 for a read step.
// A random-write slice's weight is its time weight scaled to the phase's
// byte weight, so the slices of a phase share it as they share its time.
func writeWeight(s step) int {
	switch s.phase {
	case PhaseSeqWrite:
		return writeWeightSeqWrite * weightRandWriteAll
	case PhaseSync:
		return writeWeightSync * weightRandWriteAll
	case PhaseRandWrite:
		return writeWeightRandWriteAll * s.weight
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
	return mulDiv(remaining, uint64(w), uint64(total))
}

// mulDiv is x*num/den rounded down, without overflow for num, den < 2^32.
func mulDiv(x, num, den uint64) uint64 { return x/den*num + x%den*num/den }
