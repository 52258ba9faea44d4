package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// refusedIn768 is a MariaDB 10.11 in a 768 MiB cgroup whose clients were
// refused at max_connections 40, its 128M pool under 195 MiB of InnoDB
// data (so memory.buffer_pool_small grows it), MyISAM and Aria caches at
// their 128M defaults with no such table.
func refusedIn768(p *profile.Profile) {
	setVersion("mariadb", "10.11.19")(p)
	p.Host.Memory.LimitBytes = 768 * tMiB
	p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 4, DataBytes: 174 * tMiB, IndexBytes: 20 * tMiB}}
	p.Server.DataBytes, p.Server.IndexBytes, p.Server.Tables = 174*tMiB, 20*tMiB, 4
	for k, v := range map[string]string{"innodb_buffer_pool_size": "128M", "max_connections": "40", "tmp_table_size": "16M",
		"max_heap_table_size": "16M", "key_buffer_size": "128M", "aria_pagecache_buffer_size": "128M"} {
		p.Server.Variables[k] = v
	}
	setStatus("max_used_connections", "41")(p)
	setStatus("connection_errors_max_connections", "25")(p)
}

// TestMaxConnectionsRaiseFitsAdvisedPool: max_connections raised for
// refused clients fits next to the pool the advice leaves, not the pool
// in effect, so applying the advice and advising again does not lower it.
// QA: the 768 MiB cgroup got 40 → 60 next to a pool advised 128M → 256M;
// 60 x 4.9 MiB did not fit, and the next run advised 60 → 56.
func TestMaxConnectionsRaiseFitsAdvisedPool(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*profile.Profile)
		want   string // memory.max_connections_refused's recommendation, "" for silent
		hasTxt string
	}{
		{"768 MiB cgroup, pool advised 128M → 256M: 45, not 60", refusedIn768, "45", "fits next to the 256.0 MiB pool advised here"},
		{"768 MiB cgroup, the 256M pool already in: 45 again", all(refusedIn768, setVar("innodb_buffer_pool_size", "256M")), "45", "next to the 256.0 MiB pool,"},
		{"quiet 32G host: 151 → 227 as before", all(setStatus("max_used_connections", "152"), setStatus("connection_errors_max_connections", "40")), "227", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, hits := memEnv(t, tc.mutate)
			h, ok := hits["memory.max_connections_refused"]
			if got := h.Recommended; !ok || got != tc.want {
				t.Fatalf("max_connections_refused %q (fired %v), want %q", got, ok, tc.want)
			}
			if !strings.Contains(h.RenderedDetail, tc.hasTxt) {
				t.Errorf("detail lacks %q: %s", tc.hasTxt, h.RenderedDetail)
			}
			conns, _ := strconv.Atoi(h.Recommended)
			used := e.ReserveBytes() + e.PoolAfterBytes() + e.GlobalAfterBytes() + e.PerConnAfterBytes()*uint64(conns)
			if used > e.EffectiveMemBytes() {
				t.Errorf("the advice takes %s of the %s usable (pool %s, %d x %s)", e.Human(used), e.Human(e.EffectiveMemBytes()),
					e.Human(e.PoolAfterBytes()), conns, e.Human(e.PerConnAfterBytes()))
			}
		})
	}
}
