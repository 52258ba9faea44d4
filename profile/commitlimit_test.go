package profile

import "testing"

// TestEffectiveBytesCommitLimit: under vm.overcommit_memory = 2 the
// commit limit bounds the usable memory like RAM and a cgroup limit do;
// under 0, 1 or unread it does not.
func TestEffectiveBytesCommitLimit(t *testing.T) {
	const g = uint64(1) << 30
	cases := []struct {
		name       string
		m          Memory
		want       uint64
		wantStrict uint64
	}{
		{"strict, commit limit below RAM", Memory{TotalBytes: 16 * g, OvercommitMemory: "2", CommitLimitBytes: 8 * g}, 8 * g, 8 * g},
		{"strict, cgroup limit lower still", Memory{TotalBytes: 16 * g, LimitBytes: 2 * g, OvercommitMemory: "2", CommitLimitBytes: 8 * g}, 2 * g, 8 * g},
		{"strict, commit limit above RAM (swap)", Memory{TotalBytes: 16 * g, OvercommitMemory: "2", CommitLimitBytes: 24 * g}, 16 * g, 24 * g},
		{"heuristic: the commit limit is not enforced", Memory{TotalBytes: 16 * g, OvercommitMemory: "0", CommitLimitBytes: 8 * g}, 16 * g, 0},
		{"strict, commit limit unread", Memory{TotalBytes: 16 * g, OvercommitMemory: "2"}, 16 * g, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.m.EffectiveBytes(); got != tc.want {
				t.Errorf("EffectiveBytes %d, want %d", got, tc.want)
			}
			if got := tc.m.StrictCommitLimit(); got != tc.wantStrict {
				t.Errorf("StrictCommitLimit %d, want %d", got, tc.wantStrict)
			}
		})
	}
}
