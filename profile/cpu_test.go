package profile

import "testing"

// TestEffectiveCPUs: the CPUs' worth is capped at the CPUs usable here
// (logical, cpuset, cgroup quota; the workers when those are unknown) and
// says when it was (QA: 5.2 CPUs' worth on 2 CPUs when the one-worker run
// was starved).
func TestEffectiveCPUs(t *testing.T) {
	speed := func(single, all float64, workers int) *CPUSpeed {
		return &CPUSpeed{SingleOpsPerS: single, AllOpsPerS: all, Workers: workers}
	}
	cases := []struct {
		name       string
		cpu        CPU
		want       float64
		wantCapped bool
	}{
		{"shared: below the CPUs, kept", CPU{Logical: 2, Speed: speed(20000, 36000, 2)}, 1.8, false},
		{"starved one-worker run: 5.2 on 2 logical", CPU{Logical: 2, Speed: speed(20000, 104000, 2)}, 2, true},
		{"cpuset allows 1 of 8", CPU{Logical: 8, AllowedCPUs: 1, Speed: speed(20000, 30000, 1)}, 1, true},
		{"cgroup quota 1.5", CPU{Logical: 4, QuotaCores: 1.5, Speed: speed(20000, 36000, 2)}, 1.5, true},
		{"no CPU count: the workers", CPU{Speed: speed(20000, 70000, 2)}, 2, true},
		{"not measured", CPU{Logical: 2}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, capped := c.cpu.EffectiveCPUs()
			if got < c.want-1e-9 || got > c.want+1e-9 || capped != c.wantCapped {
				t.Errorf("EffectiveCPUs() = %v, %v; want %v, %v", got, capped, c.want, c.wantCapped)
			}
		})
	}
}
