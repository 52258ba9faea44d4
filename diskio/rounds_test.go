package diskio

import (
	"testing"
	"time"
)

func TestRounds(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want int
	}{
		{MinDuration, 1}, {3 * time.Second, 1}, {4 * time.Second, 2}, {DefaultDuration, 5}, {time.Minute, MaxRounds},
	}
	for _, tc := range tests {
		if got := Rounds(tc.d); got != tc.want {
			t.Errorf("Rounds(%v) = %d, want %d", tc.d, got, tc.want)
		}
		// Every random-read slice of a default-weighted run gets minSliceTime or more.
		if slice := tc.d * weightRandReadAll / weightTotal / time.Duration(Rounds(tc.d)*len(ThreadCounts)); tc.d >= 2*MinDuration && slice < minSliceTime {
			t.Errorf("Rounds(%v): read slices of %v, under %v", tc.d, slice, minSliceTime)
		}
	}
}

func TestPlanRoundRobin(t *testing.T) {
	for _, rounds := range []int{1, 3, MaxRounds} {
		steps := plan(rounds)
		for _, phase := range []string{PhaseRandWrite, PhaseRandRead} {
			seen := map[int]int{}
			var firsts []int
			last := -1
			for _, s := range steps {
				if s.phase != phase {
					continue
				}
				seen[s.threads]++
				if s.round != last {
					firsts, last = append(firsts, s.threads), s.round
				}
			}
			for _, n := range ThreadCounts {
				if seen[n] != rounds {
					t.Errorf("%d rounds, %s: %d slices at %d threads, want one per round", rounds, phase, seen[n], n)
				}
			}
			// Each round starts at another thread count, so no point always follows another phase.
			for i := 1; i < len(firsts); i++ {
				if firsts[i] == firsts[0] {
					t.Errorf("%d rounds, %s: rounds 0 and %d both start at %d threads", rounds, phase, i, firsts[0])
				}
			}
		}
	}
}

func TestGrowBudget(t *testing.T) {
	const (
		def     = DefaultMaxBytes
		laid    = 64 * MiB
		ceiling = 3954 * MiB
	)
	tests := []struct {
		name    string
		ceiling uint64
		took    time.Duration
		want    uint64
		note    bool
	}{
		{"explicit --max-bytes: no ceiling, a hard cap", 0, 30 * time.Millisecond, def, false},
		{"cheap flash at 15 MB/s keeps 256 MiB", ceiling, 4474 * time.Millisecond, def, false},
		{"fast SSD at 2.2 GB/s gets the ceiling", ceiling, 30 * time.Millisecond, ceiling, true},
		{"a middling disk: what it writes in the write steps' 6.5 s", ceiling, 640 * time.Millisecond, 650 * MiB, true},
		{"a ceiling under the budget never shrinks it", 100 * MiB, 30 * time.Millisecond, def, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := &engine{maxWrite: def, ceiling: tc.ceiling, total: DefaultDuration, steps: plan(MaxRounds)}
			c := &stepCtl{capBytes: true, byteCap: int64(byteShare(def, e.steps)), budget: 1500 * time.Millisecond}
			e.growBudget(c, laid, tc.took)
			if e.maxWrite != tc.want {
				t.Errorf("budget %d MiB, want %d MiB", e.maxWrite/MiB, tc.want/MiB)
			}
			got := uint64(c.byteCap)
			need := uint64(float64(laid) / tc.took.Seconds() * 1.5)
			if want := max(byteShare(tc.want, e.steps), min(need, tc.want/2)); tc.note && got != want {
				t.Errorf("seq write cap %d MiB, want %d MiB: enough for its 1.5 s, at most half the budget, at least its share", got/MiB, want/MiB)
			}
			if !tc.note && got != byteShare(def, e.steps) {
				t.Errorf("seq write cap changed to %d without growth", got)
			}
			if got > tc.want/2 && got > byteShare(tc.want, e.steps) {
				t.Errorf("seq write cap %d MiB over half the %d MiB budget", got/MiB, tc.want/MiB)
			}
			if (len(e.res.Notes) > 0) != tc.note {
				t.Errorf("notes %q, want a note: %v", e.res.Notes, tc.note)
			}
		})
	}
}

func TestGrowCeiling(t *testing.T) {
	tests := []struct {
		name string
		free uint64
		want uint64
	}{
		{"a roomy disk: 4 GiB", 1 << 40, GrowCeilingBytes},
		{"79 GiB free: 5% of it", 79 << 30, (79 << 30) / 20 / MiB * MiB},
		{"a small bed: under the default, so no growth", 900 * MiB, 45 * MiB},
	}
	for _, tc := range tests {
		if got := GrowCeiling(tc.free); got != tc.want {
			t.Errorf("%s: GrowCeiling(%d) = %d, want %d", tc.name, tc.free, got, tc.want)
		}
	}
}
