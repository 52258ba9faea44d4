package host

import (
	"context"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestReadOvercommit: vm.overcommit_memory from a captured tree; "" when
// absent or not a mode.
func TestReadOvercommit(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"heuristic", "0\n", "0"},
		{"always", "1\n", "1"},
		{"strict", "2\n", "2"},
		{"junk", "x\n", ""},
		{"absent", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"meminfo": "MemTotal: 1024 kB\n"}
			if tc.body != "" {
				files["sys/vm/overcommit_memory"] = tc.body
			}
			if got := readOvercommit(procTree(t, files)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestReadCommitLimit: readMemory keeps /proc/meminfo CommitLimit.
func TestReadCommitLimit(t *testing.T) {
	cases := []struct {
		name, meminfo   string
		want, committed uint64
	}{
		{"below RAM", "MemTotal: 16384000 kB\nMemFree: 8192000 kB\nMemAvailable: 12288000 kB\nCommitLimit: 8192000 kB\nCommitted_AS: 2000000 kB\n", 8192000 * 1024, 2000000 * 1024},
		{"absent", "MemTotal: 16384000 kB\nMemFree: 8192000 kB\n", 0, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var m profile.Memory
			if err := readMemory(context.Background(), procTree(t, map[string]string{"meminfo": tc.meminfo}), &m); err != nil {
				t.Fatal(err)
			}
			if m.CommitLimitBytes != tc.want || m.CommittedBytes != tc.committed {
				t.Errorf("commit limit %d, committed %d; want %d, %d", m.CommitLimitBytes, m.CommittedBytes, tc.want, tc.committed)
			}
		})
	}
}

// TestReadHugePages: readMemory keeps the huge page pool,
// HugePages_Total x Hugepagesize (proc(5), hugetlbpage.rst).
func TestReadHugePages(t *testing.T) {
	cases := []struct {
		name, meminfo string
		want          uint64
	}{
		{"48 GiB of 2 MiB pages", "MemTotal: 65536000 kB\nMemFree: 1000000 kB\nHugePages_Total:   24576\nHugePages_Free:    24576\nHugepagesize:       2048 kB\n", 48 << 30},
		{"none", "MemTotal: 65536000 kB\nHugePages_Total:       0\nHugepagesize:       2048 kB\n", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var m profile.Memory
			if err := readMemory(context.Background(), procTree(t, map[string]string{"meminfo": tc.meminfo}), &m); err != nil {
				t.Fatal(err)
			}
			if m.HugePagesBytes != tc.want {
				t.Errorf("huge pages %d, want %d", m.HugePagesBytes, tc.want)
			}
		})
	}
}
