package diskio

import (
	"testing"
	"time"
)

func TestPlanWeightsCoverTheWholeDuration(t *testing.T) {
	steps := plan()
	sum := map[string]int{}
	total := 0
	for _, s := range steps {
		sum[s.phase] += s.weight
		total += s.weight
	}
	want := map[string]int{PhaseSeqWrite: 15, PhaseSync: 15, PhaseRandWrite: 35, PhaseRandRead: 25, PhaseSeqRead: 10}
	for phase, w := range want {
		if sum[phase] != w {
			t.Errorf("phase %q weight %d, want %d", phase, sum[phase], w)
		}
	}
	if total != 100 {
		t.Errorf("weights sum to %d, want 100", total)
	}
	if len(steps) != 2+2*len(ThreadCounts)+1 {
		t.Errorf("%d steps, want %d", len(steps), 3+2*len(ThreadCounts))
	}
}

func TestStepBudget(t *testing.T) {
	steps := plan()
	tests := []struct {
		name      string
		remaining time.Duration
		from      int
		want      time.Duration
	}{
		{name: "seq write gets 15% of 10s", remaining: 10 * time.Second, from: 0, want: 1500 * time.Millisecond},
		{name: "sync gets 15/85 of what is left after a full seq write", remaining: 8500 * time.Millisecond, from: 1, want: 1500 * time.Millisecond},
		{name: "early seq write hands time on", remaining: 9800 * time.Millisecond, from: 1, want: 1729411764}, // 9.8 s * 15/85,
		{name: "each rand write step gets 7% of 10s", remaining: 7 * time.Second, from: 2, want: 700 * time.Millisecond},
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
