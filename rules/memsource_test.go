package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestStrictCommitMemory: vm.overcommit_memory = 2 with a commit limit
// below RAM (a 15.6 GiB host, CommitLimit 7.8 GiB): the usable memory is
// the commit limit, the texts name it, and the over-memory text says the
// machine's mode was read (it said "this machine's was not read").
func TestStrictCommitMemory(t *testing.T) {
	ram, commit := uint64(16384000)*1024, uint64(8192000)*1024
	v, _ := profile.ParseVersion("10.11.19")
	cases := []struct {
		name                       string
		mem                        profile.Memory
		pool                       uint64
		usable                     uint64
		source, parts, over, never string
	}{
		{"strict, 20G pool", profile.Memory{TotalBytes: ram, OvercommitMemory: "2", CommitLimitBytes: commit}, 20 * tGiB, commit,
			"the commit limit, vm.overcommit_memory = 2", "commit limit 7.8 GiB (vm.overcommit_memory = 2), RAM 15.6 GiB",
			"mysqld does not start with this pool", "was not read"},
		{"strict, 7G pool within the limit", profile.Memory{TotalBytes: ram, OvercommitMemory: "2", CommitLimitBytes: commit}, 7 * tGiB, commit,
			"the commit limit, vm.overcommit_memory = 2", "commit limit 7.8 GiB (vm.overcommit_memory = 2), RAM 15.6 GiB", "under load mysqld's allocations fail", "does not start"},
		{"strict, commit limit unread", profile.Memory{TotalBytes: ram, OvercommitMemory: "2"}, 20 * tGiB, ram,
			"RAM", "RAM 15.6 GiB", "With vm.overcommit_memory = 2 (this machine's)", "was not read"},
		{"cgroup below the commit limit", profile.Memory{TotalBytes: ram, LimitBytes: 2 * tGiB, OvercommitMemory: "2", CommitLimitBytes: commit}, 20 * tGiB, 2 * tGiB,
			"the cgroup limit", "cgroup limit 2.0 GiB, commit limit 7.8 GiB (vm.overcommit_memory = 2), RAM 15.6 GiB", "does not start", "was not read"},
		{"heuristic: unchanged", profile.Memory{TotalBytes: ram, OvercommitMemory: "0", CommitLimitBytes: commit}, 20 * tGiB, ram,
			"RAM", "RAM 15.6 GiB", "with vm.overcommit_memory = 0 (this machine's)", "commit limit"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := Env{F: Facts{Flavor: "mariadb", Version: v, BufferPoolBytes: tc.pool}, Host: profile.Host{Memory: tc.mem}}
			if got := e.EffectiveMemBytes(); got != tc.usable {
				t.Errorf("usable %d, want %d", got, tc.usable)
			}
			if got := e.UsableMemSource(); got != tc.source {
				t.Errorf("source %q, want %q", got, tc.source)
			}
			if got := e.UsableMemParts(); got != tc.parts {
				t.Errorf("parts %q, want %q", got, tc.parts)
			}
			got := e.PoolOverMemoryText()
			if !strings.Contains(got, tc.over) || strings.Contains(got, tc.never) {
				t.Errorf("over-memory text %q: want %q in it and not %q", got, tc.over, tc.never)
			}
		})
	}
}
