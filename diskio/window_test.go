package diskio

import (
	"math"
	"testing"
	"time"
)

// simDevice is a fake device for sliceWindows: a FIFO queue served either
// in batches (at most batch operations dispatched per period, as they
// come, served one after another, service apart: a cgroup blk-throttle) or, with batch 0, each
// operation as it comes after service (a device with no queueing).
type simDevice struct {
	batch   int
	period  time.Duration
	service time.Duration
}

// simSlice is one slice of a simulated phase: its thread count and length.
type simSlice struct {
	threads int
	length  time.Duration
}

// simulate runs workers that persist across the slices, as randPool does:
// worker i issues (tagged with the slice running) while i < the slice's
// thread count, one operation at a time, 10 µs after its last completed.
func simulate(d simDevice, plan []simSlice) ([][]opRec, []sliceBound) {
	const think = int64(10 * time.Microsecond)
	bounds := simBounds(plan)
	t := bounds[len(bounds)-1].end
	sliceAt := func(t int64) int {
		for i, b := range bounds {
			if t < b.end {
				return i
			}
		}
		return -1
	}
	recs := make([][]opRec, 16)
	next := make([]int64, 16) // when each worker may issue next
	type req struct {
		w     int
		issue int64
		slice int32
	}
	var queue []req
	var clock, free int64 // free: when the device has served what it dispatched
	used := 0             // operations dispatched in the current period
	for clock < t {
		// Issue: every worker free by now that its slice lets run.
		for w := range next {
			if next[w] >= 0 && next[w] <= clock {
				if s := sliceAt(next[w]); s >= 0 && w < bounds[s].threads {
					queue = append(queue, req{w, next[w], int32(s)})
					next[w] = -1
				} else if s >= 0 {
					next[w] = bounds[s].end // parked until the slice ends
				}
			}
		}
		step := int64(50 * time.Microsecond)
		if d.batch > 0 {
			if clock%int64(d.period) == 0 {
				used = 0
			}
			for ; used < d.batch && len(queue) > 0; used++ {
				r := queue[0]
				queue = queue[1:]
				free = max(free, clock) + int64(d.service)
				recs[r.w] = append(recs[r.w], opRec{slice: r.slice, issue: r.issue, end: free})
				next[r.w] = free + think
			}
		} else {
			for _, r := range queue {
				end := max(clock, r.issue) + int64(d.service)
				recs[r.w] = append(recs[r.w], opRec{slice: r.slice, issue: r.issue, end: end})
				next[r.w] = end + think
			}
			queue = queue[:0]
		}
		clock += step
	}
	return recs, bounds
}

// simBounds lays the slices of plan end to end from 0.
func simBounds(plan []simSlice) []sliceBound {
	var bounds []sliceBound
	var t int64
	for _, s := range plan {
		bounds = append(bounds, sliceBound{threads: s.threads, start: t, end: t + int64(s.length)})
		t += int64(s.length)
	}
	return bounds
}

func TestSliceWindowsOnSimulatedDevices(t *testing.T) {
	ms := time.Millisecond
	// The plan a slow device's write phase ends with after its first round
	// (roundsFor): one long slice per thread count, the round starting at 2.
	long := []simSlice{{16, 140 * ms}, {2, 560 * ms}, {4, 560 * ms}, {8, 560 * ms}, {16, 560 * ms}, {1, 560 * ms}}
	tests := []struct {
		name string
		dev  simDevice
		plan []simSlice
		want func(threads int) float64
	}{
		// blk-throttle on the hdd bed: 15 per 100 ms, at 1 thread served one
		// by one (1 ms apart); the slices of round 0 held 1-2 batches and
		// their 16-thread points read 0.57-0.77x.
		{"150-IOPS throttle, long slices", simDevice{batch: 15, period: 100 * ms, service: ms}, long,
			func(int) float64 { return 150 }},
		{"150-IOPS throttle, tight batches", simDevice{batch: 15, period: 100 * ms, service: 20 * time.Microsecond}, long,
			func(int) float64 { return 150 }},
		// The card bed's reads: 300 IOPS (30 per 100 ms) in 190 ms slices, two
		// rounds after the first: a slice holds one batch after its head and
		// part of the next (the windows then read 10-280 IOPS when their
		// opening was searched for only in the slice's first half).
		{"300-IOPS throttle, 190 ms slices", simDevice{batch: 30, period: 100 * ms, service: 50 * time.Microsecond},
			[]simSlice{{16, 100 * ms}, {2, 190 * ms}, {4, 190 * ms}, {8, 190 * ms}, {16, 190 * ms}, {1, 190 * ms}, {4, 190 * ms}, {8, 190 * ms}, {16, 190 * ms}, {1, 190 * ms}, {2, 190 * ms}},
			func(int) float64 { return 300 }},
		// A fast disk's round-robin slices: 5 rounds of 140 ms.
		{"device with no queueing, 140 ms slices", simDevice{service: 200 * time.Microsecond},
			[]simSlice{{1, 140 * ms}, {2, 140 * ms}, {4, 140 * ms}, {8, 140 * ms}, {16, 140 * ms}, {2, 140 * ms}, {4, 140 * ms}, {8, 140 * ms}, {16, 140 * ms}, {1, 140 * ms}},
			// each thread: one op per 200 µs + 10 µs, the simulation's 50 µs clock rounding up
			func(n int) float64 { return float64(n) / 250e-6 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, bounds := simulate(tc.dev, tc.plan)
			wins := sliceWindows(recs, bounds)
			rated := 0
			for i, w := range wins {
				if i == 0 {
					continue // the phase's first slice: no head to discard, a burst at its start
				}
				if w.ops == 0 {
					continue // no whole period after its head: no rate, rather than a wrong one
				}
				rated++
				want := tc.want(bounds[i].threads)
				if got := w.rate(); math.Abs(got-want) > 0.05*want {
					t.Errorf("slice %d (%d threads): %d ops in %v = %.0f IOPS, want %.0f ±5%%", i, bounds[i].threads, w.ops, w.dur, got, want)
				}
			}
			if rated < (len(wins)-1)*3/4 {
				t.Errorf("%d of %d slices rated, want 3/4 or more", rated, len(wins)-1)
			}
		})
	}
}

// TestSliceWindowsHead checks that a slice's window opens after the
// operations issued before it completed, and after its last worker issued.
func TestSliceWindowsHead(t *testing.T) {
	ms := int64(time.Millisecond)
	// Slice 0 [0, 100 ms) at 2 threads; slice 1 [100, 200 ms) at 1 thread.
	bounds := []sliceBound{{threads: 2, start: 0, end: 100 * ms}, {threads: 1, start: 100 * ms, end: 200 * ms}}
	op := func(s int32, issue, end int64) opRec { return opRec{slice: s, issue: issue * ms, end: end * ms} }
	var w0, w1 []opRec
	for t := int64(0); t < 100; t += 10 {
		w0 = append(w0, op(0, t, t+10))
	}
	// Worker 1's last op of slice 0 completes late, at 150 ms: the head.
	w1 = append(w1, op(0, 0, 10), op(0, 10, 150))
	for t := int64(100); t < 200; t += 10 {
		w0 = append(w0, op(1, t, t+10))
	}
	wins := sliceWindows([][]opRec{w0, w1}, bounds)
	// Slice 1: from 150 ms; ends every 10 ms with one long pause of 0:
	// anchors at 150 (or later) and at 200 at most: 10 per 100 ms = 100 IOPS.
	if got := wins[1].rate(); math.Abs(got-100) > 1 {
		t.Errorf("slice 1: %+v = %.1f IOPS, want 100", wins[1], got)
	}
	if a1 := 200*ms - int64(wins[1].dur); a1 < 150*ms {
		t.Errorf("slice 1's window opened at %v, before the head completed at 150 ms", time.Duration(a1))
	}
}

func TestAnchorAt(t *testing.T) {
	// Three batches (at 0, 100, 200) of three completions 1 apart, and one at 300.
	ends := []int64{0, 1, 2, 100, 101, 102, 200, 201, 202, 300}
	tests := []struct {
		name     string
		from, to int64
		first    bool
		want     int64
	}{
		{"earliest batch opening", 50, 250, true, 100},
		{"latest batch opening", 50, 250, false, 200},
		{"inside a batch: no opening", 101, 102, true, -1},
		{"the first end of all opens a batch", 0, 50, true, 0},
		{"no end in the range", 103, 199, true, -1},
		{"the opening after a range holding a batch's tail", 101, 300, true, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := anchorAt(ends, tc.from, tc.to, 25, tc.first); got != tc.want {
				t.Errorf("anchorAt(%d, %d, 25, %v) = %d, want %d", tc.from, tc.to, tc.first, got, tc.want)
			}
		})
	}
}

// TestSliceWindowsOneStall checks a device that serves as operations come,
// with one stall (a fast disk on a busy host: 7.7 ms in a 192 ms slice):
// its window runs over the whole slice, stall included, not from the
// stall's end to nowhere.
func TestSliceWindowsOneStall(t *testing.T) {
	ms := int64(time.Millisecond)
	var w []opRec
	for at := int64(1); at <= 200; at++ {
		if at > 100 && at < 110 {
			continue // the stall: nothing completes from 100 to 110 ms
		}
		w = append(w, opRec{slice: 0, issue: (at - 1) * ms, end: at * ms})
	}
	wins := sliceWindows([][]opRec{w}, []sliceBound{{threads: 1, start: 0, end: 200 * ms, long: true}})
	// From the slice's start to its last completion: 191 in 200 ms.
	if got, want := wins[0].rate(), 191/0.200; math.Abs(got-want) > 0.5 {
		t.Errorf("window %+v = %.1f IOPS, want %.1f", wins[0], got, want)
	}
	if len(wins[0].parts) != maxParts {
		t.Errorf("parts %v, want %d of equal time", wins[0].parts, maxParts)
	}
}
