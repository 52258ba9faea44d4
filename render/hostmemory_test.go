package render

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestHostMemoryLine: the memory line names the huge page pool and, under
// vm.overcommit_memory = 2, the commit limit with what is committed of it.
func TestHostMemoryLine(t *testing.T) {
	const g = uint64(1) << 30
	cases := []struct {
		name string
		mem  profile.Memory
		want string // "" = no commit limit named
	}{
		{"overcommit 0", profile.Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, OvercommitMemory: "0", CommitLimitBytes: 10 * g}, ""},
		{"overcommit 2", profile.Memory{TotalBytes: 16 * g, AvailableBytes: 12 * g, OvercommitMemory: "2", CommitLimitBytes: 10 * g,
			CommittedBytes: 9 * g}, "commit limit 10.0 GiB (vm.overcommit_memory = 2) of which 9.0 GiB is committed, 1.0 GiB left"},
		{"overcommit 2, Committed_AS unread", profile.Memory{TotalBytes: 16 * g, OvercommitMemory: "2", CommitLimitBytes: 10 * g},
			"commit limit 10.0 GiB (vm.overcommit_memory = 2)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := strings.Join(hostLines(newTheme(Options{}), profile.Host{Memory: tc.mem}, 200), "\n")
			if tc.want == "" && strings.Contains(got, "commit limit") || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("memory lines:\n%s\nwant %q", got, tc.want)
			}
		})
	}
}
