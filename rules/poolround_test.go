package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// poolRoundCases are hosts whose pool is sized to memory from a my.cnf
// (no server), the pool advised, and what the detail must say of the
// rounding ("" = nothing: the bounds stated give the size itself).
var poolRoundCases = []struct {
	name     string
	mem      uint64
	want     string
	rounding string
}{
	{"2.5 GiB: 1.6 GiB of room rounds down to 1G", 2560 * tMiB, "1G", "gives 1G (1.6 GiB, rounded down to a whole GiB)"},
	{"1.5 GiB: 563.8 MiB rounds down to 512M", 1536 * tMiB, "512M", "gives 512M (563.8 MiB, rounded down to whole 128 MiB)"},
	{"32 GiB: 24 GiB is whole already", 32 * tGiB, "24G", ""},
}

// TestPoolRoundingSaid checks that the buffer pool sized to memory says
// when rounding down to whole chunks took it below the bounds it states.
func TestPoolRoundingSaid(t *testing.T) {
	for _, tc := range poolRoundCases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server = nil
			p.Host.Memory = profile.Memory{TotalBytes: tc.mem, AvailableBytes: tc.mem * 95 / 100}
			// the caches set in the my.cnf, so that tight memory does not
			// lower them (memory_unread_test.go) and the rooms stay as stated
			p.MyCnf = &profile.MyCnf{Variables: map[string]string{"innodb_buffer_pool_size": "128M",
				"key_buffer_size": "128M", "aria_pagecache_buffer_size": "128M"}}
			h, ok := fired(t, p, "strict", "mariadb-10.11")["memory.buffer_pool_small"]
			if !ok || h.Recommended != tc.want {
				t.Fatalf("recommended %q (fired %v), want %s: %s", h.Recommended, ok, tc.want, h.RenderedDetail)
			}
			if got := strings.Contains(h.RenderedDetail, "rounded down to"); got != (tc.rounding != "") ||
				!strings.Contains(h.RenderedDetail, tc.rounding) {
				t.Errorf("detail does not say %q:\n%s", tc.rounding, h.RenderedDetail)
			}
		})
	}
}
