package diskio

import (
	"testing"
	"time"
)

func TestRoundsFor(t *testing.T) {
	s, ms := time.Second, time.Millisecond
	same := func(iops float64, longest time.Duration) []firstSlice {
		out := make([]firstSlice, len(ThreadCounts))
		for i := range out {
			out[i] = firstSlice{iops: iops, longest: longest}
		}
		return out
	}
	tests := []struct {
		name  string
		rem   time.Duration
		first []firstSlice
		most  int
		want  int
	}{
		// 48 ops at 150 IOPS: 320 ms a slice, 1.6 s a round.
		{"150-IOPS device, 2.8 s left", 2800 * ms, []firstSlice{{150, 100 * ms}, {148, 100 * ms}, {151, 100 * ms}, {120, 190 * ms}, {152, 200 * ms}}, 4, 1},
		{"150-IOPS device, 6.4 s left", 6400 * ms, same(150, 20*ms), 4, 4},
		{"150-IOPS device, 4 s left", 4 * s, same(150, 20*ms), 4, 2},
		// 600 IOPS in batches of 60 per 100 ms (the bw bed): 48 ops take 80 ms,
		// but three waits of 100 ms take 300.
		{"bw bed: the dispatch period decides", 2800 * ms, same(600, 100*ms), 4, 1},
		{"fast disk keeps its rounds", 2800 * ms, []firstSlice{{20000, 2 * ms}, {35000, 3 * ms}, {50000, 2 * ms}, {60000, 4 * ms}, {70000, 5 * ms}}, 4, 4},
		{"fast disk with one stall keeps its rounds", 2800 * ms, []firstSlice{{20000, 2 * ms}, {35000, 90 * ms}, {50000, 2 * ms}, {60000, 4 * ms}, {70000, 5 * ms}}, 4, 4},
		{"too slow for even one round: one", 100 * ms, []firstSlice{{10, s}}, 4, 1},
		{"no rate measured: rounds kept", s, []firstSlice{{0, 0}, {0, 0}}, 4, 4},
		{"no slice at all", s, nil, 3, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := roundsFor(tc.rem, tc.first, tc.most); got != tc.want {
				t.Errorf("roundsFor(%v, %v, %d) = %d, want %d", tc.rem, tc.first, tc.most, got, tc.want)
			}
		})
	}
}

func TestReplan(t *testing.T) {
	steps := plan(MaxRounds)
	first := -1
	for i, s := range steps {
		if s.phase == PhaseRandWrite && s.round == 1 {
			first = i
			break
		}
	}
	if left := phaseRoundsLeft(steps, first); left != MaxRounds-1 {
		t.Fatalf("phaseRoundsLeft = %d, want %d", left, MaxRounds-1)
	}
	weight := func(ss []step, phase string) (w, n int) {
		for _, s := range ss {
			if s.phase == phase {
				w, n = w+s.weight, n+1
			}
		}
		return w, n
	}
	got := replan(steps, first, 1)
	for _, phase := range []string{PhaseRandWrite, PhaseRandRead, PhaseSync} {
		w0, _ := weight(steps, phase)
		if w1, _ := weight(got, phase); w1 != w0 {
			t.Errorf("%s: weight %d after replan, want %d (the phase keeps its time and bytes)", phase, w1, w0)
		}
	}
	if _, n := weight(got, PhaseRandWrite); n != 2*len(ThreadCounts) {
		t.Errorf("random write: %d slices after replan to 1 round, want round 0 + 1 round = %d", n, 2*len(ThreadCounts))
	}
	if _, n := weight(got, PhaseRandRead); n != MaxRounds*len(ThreadCounts) {
		t.Errorf("random read: %d slices, want its %d untouched", n, MaxRounds*len(ThreadCounts))
	}
	// The new round goes on from round 1: it starts one thread count later than round 0.
	if got[first].round != 1 || got[first].threads != ThreadCounts[1] {
		t.Errorf("first replanned step %+v, want round 1 at %d threads", got[first], ThreadCounts[1])
	}
	for i := range got[:first] {
		if got[i] != steps[i] {
			t.Errorf("step %d changed: %+v, was %+v", i, got[i], steps[i])
		}
	}
}

func TestSliceEnough(t *testing.T) {
	tests := []struct {
		name      string
		active    int
		own, ran  int64
		wantReady bool
	}{
		{"16 threads: every worker and 8 more", 16, 24, 16, true},
		{"16 threads: a worker has not completed", 16, 40, 15, false},
		{"16 threads: one batch of 15 after a head", 16, 22, 16, false},
		{"1 thread", 1, 9, 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := sliceEnough(tc.active, tc.own, tc.ran); got != tc.wantReady {
				t.Errorf("sliceEnough(%d, %d, %d) = %v, want %v", tc.active, tc.own, tc.ran, got, tc.wantReady)
			}
		})
	}
}

// TestCloseTakes checks that a write slice's grants stop at its close, and
// that the bytes it returns are exactly those granted.
func TestCloseTakes(t *testing.T) {
	c := &stepCtl{capBytes: true, byteCap: 5 * randBlock}
	granted := 0
	for range 3 {
		if c.take(randBlock) {
			granted++
		}
	}
	if got := c.closeTakes(); got != int64(granted*randBlock) || granted != 3 {
		t.Fatalf("closeTakes = %d after %d grants, want %d", got, granted, granted*randBlock)
	}
	if c.take(randBlock) {
		t.Error("take after closeTakes granted bytes")
	}
	if c.capped.Load() {
		t.Error("a closed slice is not a spent byte share: capped must stay false")
	}
	if got := c.closeTakes(); got != int64(3*randBlock) {
		t.Errorf("second closeTakes = %d, want %d", got, 3*randBlock)
	}
	d := &stepCtl{capBytes: true, byteCap: randBlock}
	if !d.take(randBlock) || d.take(randBlock) || !d.capped.Load() {
		t.Error("a spent share must refuse and mark capped")
	}
}

func TestScalingIOPS(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name string
		s    Scaling
		want float64
	}{
		{"median of the slices", Scaling{SliceIOPS: []float64{100, 300, 200, 900}, WindowOps: 1, Window: ms}, 250},
		{"pooled: the windows' ops over their time", Scaling{SliceIOPS: []float64{75, 1240, 150}, WindowOps: 60, Window: 400 * ms, Pooled: true}, 150},
		{"pooled without a window: the median", Scaling{SliceIOPS: []float64{100, 200}, Pooled: true}, 150},
		{"no window: ops over wall time", Scaling{Ops: 30, Elapsed: 200 * ms}, 150},
		{"nothing timed", Scaling{}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.IOPS(); got != tc.want {
				t.Errorf("IOPS() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestWindowParts(t *testing.T) {
	ms := int64(time.Millisecond)
	// batches of 3 at 0, 100, 200, ..., one skipped dispatch (300 missing,
	// 400 catching up with 6), ending at 600.
	var ends []int64
	for _, b := range []int64{0, 100, 200, 400, 500, 600} {
		n := 3
		if b == 400 {
			n = 6
		}
		for k := range n {
			ends = append(ends, b*ms+int64(k)*ms/10)
		}
	}
	tests := []struct {
		name   string
		a1, a2 int64
		want   []float64
	}{
		// 5 periods between the openings at 0, 100, 200, 400, 500, 600: four parts.
		{"four parts of whole periods", 0, 600 * ms, []float64{30, 30, 15, 45}},
		{"one period: no parts", 0, 100 * ms, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := windowParts(ends, tc.a1, tc.a2, 50*ms) // a quarter of the longest pause, 200 ms
			if len(got) != len(tc.want) {
				t.Fatalf("windowParts = %v, want %v", got, tc.want)
			}
			for i := range got {
				if d := got[i] - tc.want[i]; d > 1e-6 || d < -1e-6 {
					t.Errorf("part %d = %v, want %v (all %v)", i, got[i], tc.want[i], got)
				}
			}
		})
	}
}
