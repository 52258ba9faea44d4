package host

import (
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestV2MemoryHigh: a cgroup v2 memory.high bounds the memory as
// memory.max does (the kernel throttles and reclaims above it), on the
// cgroup itself or on a parent; the lower of the two files wins.
func TestV2MemoryHigh(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string // under sys/fs/cgroup
		want  uint64
	}{
		{"memory.max max, memory.high 2 GiB", map[string]string{
			"system.slice/mysql.service/memory.max": "max\n", "system.slice/mysql.service/memory.high": "2147483648\n"}, 2 * gib},
		{"memory.high on the parent slice", map[string]string{
			"system.slice/memory.high": "1073741824\n", "system.slice/mysql.service/memory.max": "4294967296\n"}, gib},
		{"memory.max below memory.high", map[string]string{
			"system.slice/mysql.service/memory.max": "1073741824\n", "system.slice/mysql.service/memory.high": "2147483648\n"}, gib},
		{"both max", map[string]string{
			"system.slice/mysql.service/memory.max": "max\n", "system.slice/mysql.service/memory.high": "max\n"}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := procTree(t, map[string]string{
				"self/cgroup":    "0::/system.slice/mysql.service\n",
				"self/mountinfo": "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n",
			})
			for name, body := range tc.files {
				writeFile(t, filepath.Join(r.Sys, "fs", "cgroup", name), body)
			}
			var h profile.Host
			if err := readCgroup(r, &h); err != nil {
				t.Fatal(err)
			}
			if h.Memory.LimitBytes != tc.want {
				t.Errorf("limit %d, want %d", h.Memory.LimitBytes, tc.want)
			}
		})
	}
}
