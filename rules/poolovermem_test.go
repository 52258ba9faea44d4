package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPoolOverMemoryText: QA 14's 43G pool on 23.5 GiB without swap:
// MariaDB 10.11 does not start under vm.overcommit_memory = 0 ("Cannot
// map innodb_buffer_pool_size_max"); with 1, or on MySQL, or for a pool
// within RAM + swap, it starts and swaps or meets the OOM killer.
func TestPoolOverMemoryText(t *testing.T) {
	ram := uint64(23.5 * float64(tGiB))
	cases := []struct {
		name, flavor, version, overcommit string
		pool, swap                        uint64
		want                              string
	}{
		{"MariaDB 10.11, 43G, overcommit 0", "mariadb", "10.11.19", "0", 43 * tGiB, 0, "does not start at all"},
		{"MariaDB 10.11, 43G, overcommit unread", "mariadb", "10.11.19", "", 43 * tGiB, 0, "the Linux default; this machine's was not read"},
		{"MariaDB 10.11, 43G, overcommit 1", "mariadb", "10.11.19", "1", 43 * tGiB, 0, "MariaDB starts with it; Under load"},
		{"MariaDB 10.11, 22G over the usable memory but within RAM", "mariadb", "10.11.19", "0", 22 * tGiB, 0, "Under load the kernel swaps"},
		{"MariaDB 10.11, 43G within RAM + 24G swap", "mariadb", "10.11.19", "0", 43 * tGiB, 24 * tGiB, "Under load the kernel swaps"},
		{"MySQL 8.4, 43G", "mysql", "8.4.8", "0", 43 * tGiB, 0, "Under load the kernel swaps"},
		// before innodb_buffer_pool_size_max (MDEV-29445: 10.11.12, 11.4.6, 11.8.2) the pool is mapped
		// chunk by chunk, each far below RAM + swap, so the heuristic overcommit check passes every one
		{"MariaDB 10.11.5, 43G, overcommit 0: chunks, it starts", "mariadb", "10.11.5", "0", 43 * tGiB, 0, "Under load the kernel swaps"},
		{"MariaDB 11.8.6, 43G, overcommit 0", "mariadb", "11.8.6", "0", 43 * tGiB, 0, "does not start at all"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, ok := profile.ParseVersion(tc.version)
			if !ok {
				t.Fatal(tc.version)
			}
			e := Env{F: Facts{Flavor: tc.flavor, Version: v, BufferPoolBytes: tc.pool},
				Host: profile.Host{Memory: profile.Memory{TotalBytes: ram, SwapTotalBytes: tc.swap, OvercommitMemory: tc.overcommit}}}
			got := e.PoolOverMemoryText()
			if !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q in it", got, tc.want)
			}
			if tc.want == "Under load the kernel swaps" && strings.Contains(got, "does not start") {
				t.Errorf("said it does not start: %q", got)
			}
		})
	}
}
