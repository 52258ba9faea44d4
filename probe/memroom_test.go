package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMemRoomGap: a memory measurement runs only where it takes at most
// half of what the process may still take (a review: the 16 MiB chase in a
// 30 MiB cgroup was OOM-killed, exit 137).
func TestMemRoomGap(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		name  string
		mem   profile.Memory
		bytes uint64
		want  string // "" runs
	}{
		{"30 MiB cgroup, 4 MiB used: the 17 MiB chase is skipped", profile.Memory{TotalBytes: 24 << 30, AvailableBytes: 22 << 30,
			LimitBytes: 30 * mib, LimitUsedBytes: 4 * mib}, 17 * mib,
			"the memory chase's 17 MiB would be more than 1/2 of the 26 MiB this process may still take (its cgroup's 30 MiB limit)"},
		{"30 MiB cgroup: the 4 MiB first touch runs", profile.Memory{TotalBytes: 24 << 30, LimitBytes: 30 * mib, LimitUsedBytes: 4 * mib}, 4 * mib, ""},
		{"no limit, 23 GiB available: runs", profile.Memory{TotalBytes: 24 << 30, AvailableBytes: 23 << 30}, 136 * mib, ""},
		{"a host with 100 MiB available: the 136 MiB chase is skipped", profile.Memory{TotalBytes: 1 << 30, AvailableBytes: 100 * mib},
			136 * mib, "(the host's available memory)"},
		{"nothing known: runs", profile.Memory{}, 136 * mib, ""},
		{"overcommit 2 with 200 MiB of commit room left: the 136 MiB chase is skipped", profile.Memory{TotalBytes: 24 << 30, AvailableBytes: 22 << 30,
			OvercommitMemory: "2", CommitLimitBytes: 12 << 30, CommittedBytes: 12<<30 - 200*mib}, 136 * mib,
			"1/2 of the 200 MiB this process may still take (the 12288 MiB commit limit less the 12088 MiB committed: vm.overcommit_memory = 2)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			what := "memory chase"
			got := memRoomGap(c.mem, what, c.bytes)
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Errorf("memRoomGap = %q, want %q", got, c.want)
			}
		})
	}
}
