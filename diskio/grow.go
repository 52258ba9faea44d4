package diskio

import (
	"fmt"
	"time"
)

// GrowCeilingBytes is the most a default byte budget grows to on a fast
// disk: 4 GiB, "a few GiB of overwrites in 10 s" (issue 12). Its random
// writes' 45% share then gives each of the 25 slices ~74 MiB, ~4700 writes
// of 16 KiB: ~80 ms at this project's disk's 60k IOPS at 16 threads
// (README, Benchmarks), against the 7-20 ms slices of a 256 MiB budget.
const GrowCeilingBytes = 4 << 30

// GrowCeiling is the ceiling a default (not user-given) byte budget may
// grow to on a disk with freeBytes free: GrowCeilingBytes, and never more
// than 5% of the free space (CONTRACT.md, --max-bytes), in whole MiB.
func GrowCeiling(freeBytes uint64) uint64 {
	return min(GrowCeilingBytes, percentOf(freeBytes, freePercent)) / MiB * MiB
}

// writeSteps is the per mille of the run's time that write steps take:
// what the disk could write at its layout rate is that share of Duration.
const writeSteps = weightSeqWrite + weightRandWriteAll + weightSync

// growBudget raises a default byte budget once the sequential write has
// laid out the file (laid bytes in took): to what the disk would write at
// that rate during the write steps' share of the run, never above the
// ceiling nor below the budget given. Cheap flash (15 MB/s × 6.5 s ≈ 100 MB)
// keeps its 256 MiB; a disk that lays out at 700 MB/s gets the ceiling.
// It then resizes the running sequential step's share (steps[0]); no other
// writer runs yet: to what it needs to run its whole time at the layout
// rate, up to half the grown budget, and never below its weighted share.
// At its 35% share a 1.5 GB/s disk stopped the stream after 0.7-1.2 s
// (bench-stability, 2026-11-30), against fio's 2 s job; the later steps'
// shares come from what is left. An explicit --max-bytes (ceiling 0)
// never grows.
func (e *engine) growBudget(c *stepCtl, laid uint64, took time.Duration) {
	if e.ceiling <= e.maxWrite || took <= 0 || laid == 0 {
		return
	}
	rate := float64(laid) / took.Seconds()
	window := e.total * writeSteps / weightTotal
	want := uint64(min(rate*window.Seconds(), float64(e.ceiling))) / MiB * MiB
	if want <= e.maxWrite {
		return
	}
	e.res.Notes = append(e.res.Notes, fmt.Sprintf(
		"the default byte budget grew from %d MiB to %d MiB: the disk laid out %d MiB at %.0f MB/s, which the write steps' %s would take (at most %d MiB here: %d GiB and 5%% of the free space; --max-bytes makes the budget a hard cap)",
		e.maxWrite/MiB, want/MiB, laid/MiB, rate/1e6, window, e.ceiling/MiB, GrowCeilingBytes>>30))
	e.maxWrite = want
	if c.capBytes {
		need := uint64(rate * c.budget.Seconds())
		c.byteCap = int64(max(byteShare(want, e.steps), min(need, want/2)))
	}
}
