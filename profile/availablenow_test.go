package profile

import "testing"

// TestAvailableNow: what a process may still take is the smallest of
// MemAvailable, the cgroup's room and, under vm.overcommit_memory = 2, what
// the commit limit leaves (CommitLimit less Committed_AS); the source says
// which.
func TestAvailableNow(t *testing.T) {
	const g = uint64(1) << 30
	cases := []struct {
		name   string
		m      Memory
		want   uint64
		ok     bool
		source string
	}{
		{"host only", Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g}, 12 * g, true, RoomHost},
		{"nothing read", Memory{TotalBytes: 16 * g}, 0, false, RoomHost},
		{"cgroup room smaller", Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, LimitBytes: 2 * g, LimitUsedBytes: g}, g, true, RoomCgroup},
		{"overcommit 2: the commit room is smaller", Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, OvercommitMemory: "2",
			CommitLimitBytes: 10 * g, CommittedBytes: 9 * g}, g, true, RoomCommit},
		{"overcommit 2: committed past the limit leaves nothing", Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, OvercommitMemory: "2",
			CommitLimitBytes: 10 * g, CommittedBytes: 11 * g}, 0, true, RoomCommit},
		{"overcommit 2: the cgroup is smaller still", Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, LimitBytes: 2 * g, LimitUsedBytes: 1536 << 20,
			OvercommitMemory: "2", CommitLimitBytes: 10 * g, CommittedBytes: 9 * g}, 512 << 20, true, RoomCgroup},
		{"overcommit 2, Committed_AS unread: MemAvailable", Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, OvercommitMemory: "2",
			CommitLimitBytes: 10 * g}, 12 * g, true, RoomHost},
		{"overcommit 0: the commit limit is not enforced", Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, OvercommitMemory: "0",
			CommitLimitBytes: 10 * g, CommittedBytes: 9 * g}, 12 * g, true, RoomHost},
		{"overcommit 2, MemAvailable unread: the commit room", Memory{TotalBytes: 16 * g, OvercommitMemory: "2",
			CommitLimitBytes: 10 * g, CommittedBytes: 9 * g}, g, true, RoomCommit},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := tc.m.AvailableNowBytes()
			if got != tc.want || ok != tc.ok || tc.m.AvailableNowSource() != tc.source {
				t.Errorf("got %d %v %s, want %d %v %s", got, ok, tc.m.AvailableNowSource(), tc.want, tc.ok, tc.source)
			}
			if lim := tc.m.AvailableNowLimited(); lim != (tc.source == RoomCgroup) {
				t.Errorf("AvailableNowLimited %v with source %s", lim, tc.source)
			}
		})
	}
}
