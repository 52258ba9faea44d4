package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPoolHeldToHugePages: with large_pages = ON the whole RAM counts
// (the pool lives in the huge pages), and a 64 GiB host with 16 GiB of
// huge pages was advised a 48G pool sized on all of it: InnoDB cannot map
// that from 16 GiB of huge pages and falls back to ordinary pages, where
// 48 GiB is left for it, the OS and the connections. The pool is now sized
// in those ordinary pages (36G; 47G beside 1 GiB of huge pages, not
// 896M) or held to 95% of the huge pages (48 GiB of them: 45G), whichever
// is larger; without large_pages the huge pages are set aside as before.
func TestPoolHeldToHugePages(t *testing.T) {
	cases := []struct {
		name       string
		largePages string
		huge       uint64
		want       string
		capText    string
	}{
		{"large_pages ON, 16 GiB of huge pages: 36G in ordinary pages beats 15G in them", "ON", 16 * tGiB, "36G", ""},
		{"large_pages ON, 48 GiB of huge pages", "ON", 48 * tGiB, "45G", "held to 45G (95% of the huge pages"},
		{"large_pages ON, 1 GiB of huge pages: the pool in ordinary pages", "ON", tGiB, "47G", ""},
		{"large_pages ON, no huge pages reserved", "ON", 0, "48G", ""},
		{"large_pages OFF: huge pages set aside", "OFF", 16 * tGiB, "36G", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			p.Server = nil
			p.Host.Memory = profile.Memory{TotalBytes: 64 * tGiB, AvailableBytes: 60 * tGiB, HugePagesBytes: c.huge}
			p.MyCnf = &profile.MyCnf{Path: "/etc/mysql/my.cnf", Groups: []string{"mysqld"},
				Variables: map[string]string{"large_pages": c.largePages, "innodb_buffer_pool_size": "8G"}}
			h, ok := fired(t, p, "strict", "mysql-8.4")["memory.buffer_pool_small"]
			if !ok {
				t.Fatal("memory.buffer_pool_small did not fire")
			}
			if h.Recommended != c.want {
				t.Errorf("recommended %q, want %q; detail: %s", h.Recommended, c.want, h.RenderedDetail)
			}
			if has := strings.Contains(h.RenderedDetail, "huge page pool (HugePages_Total"); has != (c.capText != "") ||
				!strings.Contains(h.RenderedDetail, c.capText) {
				t.Errorf("detail %q, want the cap said as %q", h.RenderedDetail, c.capText)
			}
		})
	}
}
