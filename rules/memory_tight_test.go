package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// r29Tier is review r29's live MariaDB 10.11.19 (2026-12-07, the Percona
// lab Tier12G my.cnf scaled to a 23.5 GiB VM: 2G pool, max_connections
// 500, 4M sort/join/read_rnd buffers, 256M temporary tables, a 64M key
// cache and the 128M Aria page cache, InnoDB user tables only), with
// tmp_table_size tmp.
func r29Tier(tmp string) func(*profile.Profile) {
	return all(setVersion("mariadb", "10.11.19"), setVar("innodb_buffer_pool_size", "2G"),
		setVar("max_connections", "500"), setVar("sort_buffer_size", "4M"), setVar("join_buffer_size", "4M"),
		setVar("read_buffer_size", "2M"), setVar("read_rnd_buffer_size", "4M"), setVar("thread_stack", "512K"),
		setVar("binlog_cache_size", "4M"), setVar("innodb_log_buffer_size", "256M"), setVar("key_buffer_size", "64M"),
		setVar("aria_pagecache_buffer_size", "128M"), setVar("tmp_table_size", tmp), setVar("max_heap_table_size", "256M"),
		func(p *profile.Profile) {
			p.Host.Memory = profile.Memory{TotalBytes: 23*tGiB + 512*tMiB, AvailableBytes: 21 * tGiB}
			p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 4, DataBytes: 200 * tMiB}}
		})
}

// TestCacheCutsOnlyWhenTmpFloorDoesNotFit: the key cache and Aria page
// cache are cut for memory only when the connections do not fit even with
// tmp_table_size at its floor; review r29 saw both cut beside a
// tmp_table_size lowered to 29M that alone made them fit (the next run,
// with only that applied, asked for neither).
func TestCacheCutsOnlyWhenTmpFloorDoesNotFit(t *testing.T) {
	limit := func(b uint64) func(*profile.Profile) {
		return func(p *profile.Profile) { p.Host.Memory.LimitBytes = b }
	}
	for _, tc := range []struct {
		name, id string
		mut      func(*profile.Profile)
		fires    bool
		text     string
	}{
		{"r29 as read: tmp_table_size lowered", "memory.tmp_table_size_memory", r29Tier("256M"), true, "the pool and max_connections stay as sized"},
		{"r29 as read: key cache kept", "memory.key_buffer_small_memory", r29Tier("256M"), false, ""},
		{"r29 as read: Aria page cache kept", "memory.aria_pagecache_small_memory", r29Tier("256M"), false, ""},
		{"r29 after 29M: tmp_table_size kept", "memory.tmp_table_size_memory", r29Tier("29M"), false, ""},
		{"r29 after 29M: key cache kept", "memory.key_buffer_small_memory", r29Tier("29M"), false, ""},
		{"r29 after 29M: Aria page cache kept", "memory.aria_pagecache_small_memory", r29Tier("29M"), false, ""},
		{"r29 in 2 GiB: key cache cut, floor said", "memory.key_buffer_small_memory", all(r29Tier("256M"), limit(2*tGiB)),
			true, "(buffers and an in-memory temporary table, even with tmp_table_size lowered to 1.0 MiB, the least mytune advises (tmp_table_min_bytes)) do not fit"},
		{"r29 in 2 GiB: Aria page cache cut", "memory.aria_pagecache_small_memory", all(r29Tier("256M"), limit(2*tGiB)), true, "500 connections x "},
		{"r29 in 2 GiB at 1M: no floor to say", "memory.aria_pagecache_small_memory", all(r29Tier("1M"), limit(2*tGiB)),
			true, "(buffers and an in-memory temporary table) do not fit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mut(&p)
			h, ok := fired(t, p, "strict", "")[tc.id]
			if ok != tc.fires {
				t.Fatalf("%s fired %v, want %v: %s", tc.id, ok, tc.fires, h.RenderedDetail)
			}
			if ok && !strings.Contains(h.RenderedDetail, tc.text) {
				t.Errorf("detail %q\nlacks %q", h.RenderedDetail, tc.text)
			}
		})
	}
}
