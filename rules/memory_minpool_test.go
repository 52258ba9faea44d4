package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSmallMemoryCachesNameThePool: the key cache and Aria page cache
// findings judge memory next to the smallest pool (128 MiB), and said "do
// not fit next to a 128.0 MiB pool" on a live MariaDB whose pool was 256M
// (review r21, sort_buffer_size=256M, max_connections=500; review r23,
// a 6G pool): the text now
// says it is the smallest pool and names the server's own when it differs.
// Since review r29 the caches shrink only when the connections do not fit
// even with tmp_table_size at its 1 MiB floor (MemoryTight), so the host
// here has 2 GiB (a cgroup limit), where 500 such connections do not.
func TestSmallMemoryCachesNameThePool(t *testing.T) {
	bigConns := func(pool string) func(*profile.Profile) {
		return all(setVersion("mariadb", "10.11.19"), setVar("innodb_buffer_pool_size", pool),
			setVar("max_connections", "500"), setVar("tmp_table_size", "512M"), setVar("max_heap_table_size", "512M"),
			func(p *profile.Profile) {
				p.Host.Memory.LimitBytes = 2 * tGiB
				p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 1, DataBytes: 60 * tMiB}}
			})
	}
	for _, tc := range []struct {
		name, id, pool, want, not string
	}{
		{"key cache, pool 256M", "memory.key_buffer_small_memory", "256M",
			"do not fit even next to the smallest pool mytune keeps (128.0 MiB; the server has 256.0 MiB), the", "next to a 128.0 MiB pool"},
		{"Aria cache, pool 256M", "memory.aria_pagecache_small_memory", "256M",
			"do not fit even next to the smallest pool mytune keeps (128.0 MiB; the server has 256.0 MiB), the", "next to a 128.0 MiB pool"},
		{"key cache, pool 128M", "memory.key_buffer_small_memory", "128M",
			"do not fit even next to the smallest pool mytune keeps (128.0 MiB), the", "the server has"},
		// review r23: the same text on a server whose pool was 6.0 GiB
		// (3000 connections, 512M temporary tables, 23.5 GiB usable).
		{"Aria cache, pool 6G", "memory.aria_pagecache_small_memory", "6G",
			"do not fit even next to the smallest pool mytune keeps (128.0 MiB; the server has 6.0 GiB), the", "next to a 128.0 MiB pool"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			bigConns(tc.pool)(&p)
			h, ok := fired(t, p, "strict", "")[tc.id]
			if !ok {
				t.Fatalf("%s did not fire", tc.id)
			}
			if !strings.Contains(h.RenderedDetail, tc.want) || strings.Contains(h.RenderedDetail, tc.not) {
				t.Errorf("detail %q\nwant %q, not %q", h.RenderedDetail, tc.want, tc.not)
			}
		})
	}
}
