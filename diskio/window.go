package diskio

import (
	"slices"
	"time"
)

// opRec is one operation of a random phase: the slice it was issued in, and
// when it was issued and completed, in ns since the phase's pool started.
type opRec struct {
	slice      int32
	issue, end int64
}

// sliceBound is one slice of a random phase as its runner timed it: its
// thread count, and when its state was published and replaced (ns since
// the pool started).
type sliceBound struct {
	threads    int
	start, end int64
	// probe marks a first-round slice of a phase that roundsFor then cut
	// into longer slices: too short to measure, it only sized them.
	probe bool
	// long marks a slice of those longer rounds: its window is also cut
	// into parts at batch openings, for the point's spread.
	long bool
	// longest is the longest pause between completions while the slice ran.
	longest time.Duration
	// runWait is its active workers' mean wait for a CPU while it ran
	// (schedstat run_delay), -1 when unknown: see starved.
	runWait time.Duration
}

// window is the measuring window of one slice: the completions counted in
// it and its length. Its rate is ops/dur; a window with no completion has
// no rate.
type window struct {
	ops int
	dur time.Duration
	// parts are the rates of up to maxParts runs of whole batches the
	// window of a long slice splits into (windowParts); nil otherwise.
	parts []float64
}

// maxParts is the most parts a long slice's window is cut into: with one
// long slice per point, its parts give the point's quartile spread.
const maxParts = 4

// rate is the window's IOPS, 0 when it counted nothing.
func (w window) rate() float64 {
	if w.ops == 0 || w.dur <= 0 {
		return 0
	}
	return float64(w.ops) / w.dur.Seconds()
}

// sliceWindows returns each slice's measuring window, in bounds order.
//
// The pool's workers persist across slices, so the device is served
// continuously; a slice is measured between two completion anchors:
//   - its window opens once every operation issued in an earlier slice has
//     completed (the head: the previous thread count's drain, discarded)
//     and every worker of the slice has issued (a late thread is not a
//     slow disk);
//   - it closes when the slice ended; the operations then in flight
//     complete in the next slice's head, so no slice waits for its own
//     drain;
//   - on a device that serves in batches (two openings, or batchyIdle),
//     the window runs
//     from a batch opening to the last one before the
//     slice ended (anchorAt: a completion whose pause since the one before
//     is at least 1/openingShare of the longest pause in the slice); the
//     first is the opening of the batch that completed the head when it
//     opened within the slice (the batch was dispatched from this slice's
//     queue, its old operations taking budget its new ones would have had:
//     all its completions count), else the first after the head. A 190 ms
//     slice of a 300-IOPS throttle then holds one or two whole periods;
//     from the next opening on it held none or one. On any other device
//     the window runs from the head's end to the slice's last completion.
//
// Counting the completions after the first anchor up to the second over
// the time between them (a batch's first completion traded for the next
// batch's: the same count) is exact for a device that serves in batches (a cgroup throttle releases ~15 I/Os every 100 ms): both
// anchors open a batch, so the window holds whole batches over whole
// periods; a window opening or closing at a clock time counts a fraction
// of a batch as if it were a whole period's (140 ms windows of a 150-IOPS
// bed read 107 or 214; anchored 5 ms past the head they read 213-1166 at
// 1-4 threads, whose batches are served one by one over ~15 ms). On a
// device that serves each operation as it comes the longest pause is
// short, and the anchors lie microseconds from the window's edges.
func sliceWindows(recs [][]opRec, bounds []sliceBound) []window {
	var ends []int64
	tagEnd := make([]int64, len(bounds))    // latest completion of the ops issued in each slice
	allIssued := make([]int64, len(bounds)) // when the last worker of each slice issued its first op
	for _, rs := range recs {
		first := map[int32]int64{}
		for _, r := range rs {
			ends = append(ends, r.end)
			if int(r.slice) >= len(bounds) || r.slice < 0 {
				continue
			}
			tagEnd[r.slice] = max(tagEnd[r.slice], r.end)
			if f, ok := first[r.slice]; !ok || r.issue < f {
				first[r.slice] = r.issue
			}
		}
		for s, f := range first {
			allIssued[s] = max(allIssued[s], f)
		}
	}
	slices.Sort(ends)
	out := make([]window, len(bounds))
	var head int64 // latest completion of any op issued before the slice
	for s, b := range bounds {
		from := max(b.start, head, allIssued[s])
		head = max(head, tagEnd[s])
		if b.end <= from {
			continue
		}
		thr := longestGap(ends, b.start, b.end) / openingShare
		if !batchy(ends, b, thr) {
			// A device that serves as operations come, with one stall at
			// most, or a host that starved the workers of CPU: the window
			// runs from the head's end to the last completion; parts of
			// equal time.
			if a2 := lastAtOrBefore(ends, b.end); a2 > from {
				out[s] = window{ops: countIn(ends, from, a2), dur: time.Duration(a2 - from)}
				if b.long {
					out[s].parts = evenParts(ends, from, a2)
				}
			}
			continue
		}
		a1 := anchorAt(ends, b.start, from, thr, false)
		if a1 < 0 {
			a1 = anchorAt(ends, from+1, b.end, thr, true)
		}
		a2 := anchorAt(ends, a1+1, b.end, thr, false)
		if a1 < 0 || a2 <= a1 {
			continue // no whole period after the head: no rate, rather than a wrong one
		}
		out[s] = window{ops: countIn(ends, a1, a2), dur: time.Duration(a2 - a1)}
		if b.long {
			out[s].parts = windowParts(ends, a1, a2, thr)
		}
	}
	return out
}

// longestGap is the longest pause before an end in [from, to] since the
// end before it (which may lie before from: the pause a slice opens in).
func longestGap(ends []int64, from, to int64) int64 {
	i, _ := slices.BinarySearch(ends, from)
	var g int64
	for i = max(i, 1); i < len(ends) && ends[i] <= to; i++ {
		g = max(g, ends[i]-ends[i-1])
	}
	return g
}

// anchorAt is the earliest (first) or latest end in [from, to] preceded by
// a pause of thr or more since the end before it (the first end of all
// counts as preceded by an endless one): the opening of a batch on a batchy
// device, where its dispatch shows, before the batch's own service time
// smears it (at 1-2 threads a throttle's batch of 15-30 is served one by
// one over 1-20 ms on a loaded host). -1 when there is none.
func anchorAt(ends []int64, from, to, thr int64, first bool) int64 {
	lo, _ := slices.BinarySearch(ends, max(from, 0))
	hi, _ := slices.BinarySearch(ends, to+1)
	opens := func(i int) bool { return i == 0 || ends[i]-ends[i-1] >= thr }
	if first {
		for i := lo; i < hi; i++ {
			if opens(i) {
				return ends[i]
			}
		}
		return -1
	}
	for i := hi - 1; i >= lo; i-- {
		if opens(i) {
			return ends[i]
		}
	}
	return -1
}

// openingShare: an end opens a batch when the pause before it is at least
// a quarter of the longest pause in its slice. Measured on the throttled beds
// (2026-12-01): pauses between batches 80-100 ms, one skipped dispatch
// doubles one of them (~196 ms, the next batch then 12 ms later), and the
// pauses inside a batch served one by one reach 6 ms; a quarter of the
// longest lies between the two kinds even with a skipped dispatch, where
// half of it (98 ms) passed over the regular openings. Where a slice holds
// one batch and part of the next, the latter's opening still counts: it
// is the slice's longest pause, head included, that sets the bar: after a
// head, the rest of a short slice may hold one batch, whose pauses are all
// short.
const openingShare = 4

// windowParts cuts the window (a1, a2] at the batch openings in it (ends
// preceded by a pause of thr or more, as anchorAt) into up to maxParts runs
// of whole periods, and returns the rate of each; nil when the window
// holds fewer than two periods.
func windowParts(ends []int64, a1, a2, thr int64) []float64 {
	lo, _ := slices.BinarySearch(ends, a1+1)
	hi, _ := slices.BinarySearch(ends, a2)
	open := []int64{a1}
	for i := max(lo, 1); i < hi; i++ {
		if ends[i]-ends[i-1] >= thr && ends[i] > open[len(open)-1] {
			open = append(open, ends[i])
		}
	}
	open = append(open, a2)
	m := len(open) - 1
	if m < 2 {
		return nil
	}
	k := min(maxParts, m)
	out := make([]float64, 0, k)
	for j := range k {
		from, to := open[j*m/k], open[(j+1)*m/k]
		out = append(out, float64(countIn(ends, from, to))/time.Duration(to-from).Seconds())
	}
	return out
}

// batchyIdle is the share of a slice's time in pauses of at least a
// quarter of its longest above which its device serves in batches and is
// measured from opening to opening, as it is when the slice holds two
// openings or more (a throttle whose batches a loaded host smears over
// half its period still shows one per period; a fast disk with one stall
// shows one): on the throttled beds the batches are
// served in 1-40 ms of each 100 ms period (60-99% idle); this project's
// disk, 16 KiB at 1-16 threads, pauses a few % of a slice when quiet, its
// stalls under load 4-30% (a 7.7 ms stall in 192 ms: 4%).
const batchyIdle = 0.5

// batchy reports whether slice b's device served in batches: two
// openings or more (pauses of thr or more), or batchyIdle of its time in
// such pauses, unless its workers spent those pauses waiting for a CPU
// (starved): a loaded host that descheduled every worker for tens of ms
// shows the same pauses, and anchoring its window at them measured an
// 8-thread point of this project's fast disk from 1 completion (under a
// full `go test ./...`, 2026-12-01).
func batchy(ends []int64, b sliceBound, thr int64) bool {
	share := idleShare(ends, b.start, b.end, thr)
	if openings(ends, b.start, b.end, thr) < 2 && share < batchyIdle {
		return false
	}
	return !starved(b, time.Duration(share*float64(b.end-b.start)))
}

// openings counts the ends in [from, to] preceded by a pause of thr or
// more (the first may follow an end before from).
func openings(ends []int64, from, to, thr int64) int {
	i, _ := slices.BinarySearch(ends, from)
	n := 0
	for i = max(i, 1); i < len(ends) && ends[i] <= to; i++ {
		if ends[i]-ends[i-1] >= thr {
			n++
		}
	}
	return n
}

// idleShare is the share of [from, to] spent in pauses of thr or more
// between consecutive ends (the pause a slice opens in counted from from,
// the one it closes in up to to).
func idleShare(ends []int64, from, to, thr int64) float64 {
	if to <= from {
		return 0
	}
	i, _ := slices.BinarySearch(ends, from)
	var idle int64
	last := from
	for i = max(i, 1); i < len(ends) && ends[i] <= to; i++ {
		if g := ends[i] - max(ends[i-1], from); g >= thr {
			idle += g
		}
		last = ends[i]
	}
	if to-last >= thr {
		idle += to - last
	}
	return float64(idle) / float64(to-from)
}

// evenParts cuts (a1, a2] into maxParts parts of equal time and returns
// the rate of each.
func evenParts(ends []int64, a1, a2 int64) []float64 {
	out := make([]float64, 0, maxParts)
	for j := range int64(maxParts) {
		from, to := a1+(a2-a1)*j/maxParts, a1+(a2-a1)*(j+1)/maxParts
		if to > from {
			out = append(out, float64(countIn(ends, from, to))/time.Duration(to-from).Seconds())
		}
	}
	return out
}

// lastAtOrBefore is the latest of the sorted ends at or before t; -1 when none.
func lastAtOrBefore(ends []int64, t int64) int64 {
	i, _ := slices.BinarySearch(ends, t+1)
	if i == 0 {
		return -1
	}
	return ends[i-1]
}

// countIn counts the sorted ends in (a, b].
func countIn(ends []int64, a, b int64) int {
	i, _ := slices.BinarySearch(ends, a+1)
	j, _ := slices.BinarySearch(ends, b+1)
	return j - i
}
