package diskio

import (
	"testing"
	"time"
)

func TestPlanWeightsCoverTheWholeDuration(t *testing.T) {
	steps := plan(MaxRounds)
	sum := map[string]int{}
	total := 0
	for _, s := range steps {
		sum[s.phase] += s.weight
		total += s.weight
	}
	want := map[string]int{PhaseSeqWrite: 150, PhaseSync: 150, PhaseRandWrite: 350, PhaseRandRead: 250, PhaseSeqRead: 100}
	for phase, w := range want {
		if sum[phase] != w {
			t.Errorf("phase %q weight %d, want %d", phase, sum[phase], w)
		}
	}
	if total != weightTotal {
		t.Errorf("weights sum to %d, want %d", total, weightTotal)
	}
	if want := 3 + 2*MaxRounds*len(ThreadCounts); len(steps) != want {
		t.Errorf("%d steps, want %d", len(steps), want)
	}
}

func TestStepBudget(t *testing.T) {
	steps := plan(MaxRounds)
	tests := []struct {
		name      string
		remaining time.Duration
		from      int
		want      time.Duration
	}{
		{name: "seq write gets 15% of 10s", remaining: 10 * time.Second, from: 0, want: 1500 * time.Millisecond},
		{name: "first rand write slice gets 14/850 of what is left after a full seq write", remaining: 8500 * time.Millisecond, from: 1, want: 140 * time.Millisecond},
		{name: "early seq write hands time on", remaining: 9800 * time.Millisecond, from: 1, want: 161411764}, // 9.8 s * 14/850
		{name: "sync, after the reads, gets 150/250 of the last 2.5 s", remaining: 2500 * time.Millisecond, from: 1 + 2*MaxRounds*len(ThreadCounts), want: 1500 * time.Millisecond},
		{name: "last step gets all that is left", remaining: 900 * time.Millisecond, from: len(steps) - 1, want: 900 * time.Millisecond},
		{name: "overrun leaves nothing", remaining: -time.Second, from: 3, want: 0},
		{name: "no steps", remaining: time.Second, from: len(steps), want: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := stepBudget(tc.remaining, steps[tc.from:])
			if d := got - tc.want; d < -time.Microsecond || d > time.Microsecond {
				t.Errorf("stepBudget(%v, steps[%d:]) = %v, want %v", tc.remaining, tc.from, got, tc.want)
			}
		})
	}
}

func TestByteShare(t *testing.T) {
	const budget = 256 * MiB
	steps := plan(MaxRounds)
	var sum uint64
	remaining := uint64(budget)
	for i, s := range steps {
		share := byteShare(remaining, steps[i:])
		if writeWeight(s) == 0 {
			if share != 0 {
				t.Errorf("%s step got a byte share %d: reads are bounded by time only", s.phase, share)
			}
			continue
		}
		if share == 0 {
			t.Errorf("%s/%d got no bytes", s.phase, s.threads)
		}
		sum += share
		remaining -= share // as if the step wrote all of it
	}
	if sum > budget {
		t.Errorf("shares sum to %d, more than the %d budget", sum, budget)
	}
	if first := byteShare(budget, steps); first < budget/100*fileShare {
		t.Errorf("the sequential write's share %d cannot lay out a %d%% file", first, fileShare)
	}
	if byteShare(0, steps) != 0 {
		t.Errorf("a spent budget still gives bytes")
	}
}
