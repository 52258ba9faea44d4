package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMemoryTightHeapCap: the key cache and Aria page cache "short of
// memory" findings count each connection's in-memory temporary table at
// the cap MariaDB applies now, the smaller of tmp_table_size and
// max_heap_table_size. Review r31's live server (MariaDB 10.11.19,
// 2026-12-07: 24,105 MiB of RAM, max_connections 151, a 128M pool, key
// and Aria caches 128M, InnoDB tables only): at 256M/16M a GROUP BY's
// temporary table went to disk as at 16M/16M, yet both findings fired on
// "151 connections x 258.9 MiB"; at 126M/126M they did not.
func TestMemoryTightHeapCap(t *testing.T) {
	cases := []struct {
		name, tmp, heap string
		fires           bool
		want            []string
	}{
		{"256M beside a 16M heap: held to 16M, fits", "256M", "16M", false, nil},
		// review r29: the same report lowers tmp_table_size (memory.tmp_table_size_memory), so neither cache is cut
		{"256M beside a 256M heap: tmp_table_size lowered first, fits", "256M", "256M", false, nil},
		{"126M beside a 126M heap: fits", "126M", "126M", false, nil},
		{"the defaults, 16M: fits", "16M", "16M", false, nil},
	}
	for _, tc := range cases {
		for _, id := range []string{"memory.key_buffer_small_memory", "memory.aria_pagecache_small_memory"} {
			t.Run(tc.name+"/"+id, func(t *testing.T) {
				p := quietProfile()
				setVersion("mariadb", "10.11.19")(&p)
				p.Host.Memory.TotalBytes, p.Host.Memory.AvailableBytes = 24105*tMiB, 20*tGiB
				for k, v := range map[string]string{"innodb_buffer_pool_size": "128M", "max_connections": "151",
					"key_buffer_size": "128M", "aria_pagecache_buffer_size": "128M", "tmp_table_size": tc.tmp, "max_heap_table_size": tc.heap} {
					p.Server.Variables[k] = v
				}
				p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 2007, DataBytes: 255 * tMiB}}
				firedAs(t, p, id, tc.fires, tc.want, nil)
			})
		}
	}
}
