package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCountersNotTheWorkload: rules on status counters that mytune's own
// reads, or the server's thread handling, move without the workload doing
// so (review r24, MariaDB 10.11.19). Started with table_open_cache 310
// beside 303 tables and no other client, mytune's information_schema
// reads made 3 overflows and its next run fired on them; with
// pool-of-threads and thread_cache_size 0, 31 connections made 2 threads.
func TestCountersNotTheWorkload(t *testing.T) {
	for _, tc := range []struct {
		name, id  string
		mutate    func(*profile.Profile)
		fires     bool
		recommend string // checked when not ""
	}{
		{"seen live: 303 tables in 310, 3 overflows, mytune's own", "memory.table_open_cache_misses",
			all(setVersion("mariadb", "10.11.19"), fewTables(303), setVar("table_open_cache", "310"), tableCache(304, 320, 3)), false, ""},
		{"303 tables in 310, 607 overflows: more than two runs' 606 opens", "memory.table_open_cache_misses",
			all(setVersion("mariadb", "10.11.19"), fewTables(303), setVar("table_open_cache", "310"), tableCache(304, 920, 607)), true, "2000"},
		{"seen live: thread pool, thread cache 0: its workers serve the connections", "memory.thread_cache_off",
			all(setVersion("mariadb", "10.11.19"), setVar("thread_cache_size", "0"), setVar("thread_handling", "pool-of-threads"),
				setStatus("threads_created", "4"), setStatus("connections", "35")), false, ""},
		{"one thread per connection said outright, thread cache 0", "memory.thread_cache_off",
			all(setVersion("mariadb", "10.11.19"), setVar("thread_cache_size", "0"), setVar("thread_handling", "one-thread-per-connection")),
			true, "151"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			h, ok := fired(t, p, "strict", "")[tc.id]
			if ok != tc.fires {
				t.Fatalf("%s fired %v, want %v: %s", tc.id, ok, tc.fires, h.RenderedDetail)
			}
			if ok && tc.recommend != "" && h.Recommended != tc.recommend {
				t.Errorf("recommended %q, want %q", h.Recommended, tc.recommend)
			}
		})
	}
}
