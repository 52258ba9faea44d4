package rules

import (
	"strings"
	"testing"
)

// TestKeyCacheCountersSince: Key_read_requests and Key_reads are said to
// run since the server started or since FLUSH STATUS, and since a SET
// GLOBAL key_buffer_size, all of which reset them (measured on MariaDB
// 10.11.19: a flush 267,786 → 0, a resize 16,530 → 0), never as what "the
// server has made" (seen live after a flush: "the server has made 0 key
// cache lookups", where it had made 267,786 at 0.4% misses).
func TestKeyCacheCountersSince(t *testing.T) {
	for _, tc := range []struct {
		name              string
		sinceFlush        string // Uptime_since_flush_status; Uptime is 86400
		keyReads, lookups int
		fires             bool
		want              string
	}{
		{"seen live: flushed 5 s ago, 0 lookups since", "5",
			0, 0, true, "the key cache counted 0 lookups since FLUSH STATUS 5 s ago or the last SET GLOBAL key_buffer_size, which reset them, too few to judge"},
		{"never flushed, 5% misses", "86400",
			50000, 1000000, true, "5.0% of its 1000000 key cache lookups read from disk (Key_reads / Key_read_requests since the server started 24.0 h ago or the last SET GLOBAL key_buffer_size, which reset them; the manual"},
		{"flushed 3 h ago, 5% misses since", "10800",
			50000, 1000000, true, "(Key_reads / Key_read_requests since FLUSH STATUS 3.0 h ago or the last SET GLOBAL key_buffer_size"},
		{"flushed 3 h ago, 0.1% misses since: kept", "10800", 1000, 1000000, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			all(myISAMIndexes(2*tGiB, tc.keyReads, tc.lookups), setStatus("uptime_since_flush_status", tc.sinceFlush))(&p)
			h, ok := fired(t, p, "strict", "")["memory.key_buffer_small"]
			if ok != tc.fires {
				t.Fatalf("fired %v, want %v: %s", ok, tc.fires, h.RenderedDetail)
			}
			if !strings.Contains(h.RenderedDetail, tc.want) {
				t.Errorf("detail lacks %q: %s", tc.want, h.RenderedDetail)
			}
		})
	}
}
