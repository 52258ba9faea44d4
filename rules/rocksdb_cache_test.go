package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// rocksIn1G is review r38's bed: MariaDB 10.11.19 with MyRocks loaded
// (block cache 512M, memtables 2 x 2 x 64 MiB), its 2 sysbench tables
// (100 MiB) in ROCKSDB and none in InnoDB, in a 1 GiB memory cgroup.
func rocksIn1G(p *profile.Profile) {
	setVersion("mariadb", "10.11.19")(p)
	p.Host.Memory.LimitBytes = tGiB
	p.Server.Variables["innodb_buffer_pool_size"] = "128M"
	p.Server.Variables["rocksdb_block_cache_size"] = "536870912"
	p.Server.RocksDBMemtableBytes = 256 * tMiB
	p.Server.Engines = map[string]profile.EngineUsage{"ROCKSDB": {Tables: 2, DataBytes: 100 * tMiB}}
}

// TestRocksDBBlockCacheAfter: on tight memory with MyRocks holding the
// data, its block cache is lowered before max_connections (review r35,
// open 4: the 1 GiB bed was advised max_connections 151 → 10 with the
// 512M cache untouched; review r38 live: 151 → 56 once the cache is 128M).
func TestRocksDBBlockCacheAfter(t *testing.T) {
	cases := []struct {
		name      string
		mutate    func(*profile.Profile)
		wantCache uint64
		lowered   bool // memory.rocksdb_block_cache_small_memory fires
	}{
		{"1 GiB cgroup, MyRocks holds the data: the cache to its floor", rocksIn1G, 128 * tMiB, true},
		{"12 GiB: memory not tight, the cache kept", all(rocksIn1G, func(p *profile.Profile) { p.Host.Memory.LimitBytes = 12 * tGiB }), 512 * tMiB, false},
		{"InnoDB holds more than MyRocks: the cache kept", all(rocksIn1G, func(p *profile.Profile) {
			p.Server.Engines["InnoDB"] = profile.EngineUsage{Tables: 3, DataBytes: 200 * tMiB}
		}), 512 * tMiB, false},
		{"2 GiB, 300 connections: the cache to what is left", all(rocksIn1G, setVar("max_connections", "300"),
			func(p *profile.Profile) { p.Host.Memory.LimitBytes = 2 * tGiB }), 0, true},
		{"a cache already below the floor is never raised", all(rocksIn1G, setVar("rocksdb_block_cache_size", "64M")), 64 * tMiB, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, hits := memEnv(t, c.mutate)
			got := e.RocksDBBlockCacheAfter()
			if c.wantCache != 0 && got != c.wantCache {
				t.Fatalf("RocksDBBlockCacheAfter = %d; want %d", got, c.wantCache)
			}
			if c.wantCache == 0 && (got >= e.F.RocksDBBlockCacheBytes || got <= e.T.BufferPoolMinBytes || got != e.rocksDBRoomBytes()) {
				t.Fatalf("RocksDBBlockCacheAfter = %d; want the room %d, between the floor and %d", got, e.rocksDBRoomBytes(), e.F.RocksDBBlockCacheBytes)
			}
			h, fired := hits["memory.rocksdb_block_cache_small_memory"]
			if fired != c.lowered {
				t.Fatalf("memory.rocksdb_block_cache_small_memory fired %v; want %v", fired, c.lowered)
			}
			if !fired {
				return
			}
			if !strings.Contains(h.RenderedDetail, "SET GLOBAL rocksdb_block_cache_size = "+uintText(got)) {
				t.Errorf("detail %q lacks the SET GLOBAL of %d", h.RenderedDetail, got)
			}
			if g := e.globalText(e.GlobalAfterBytes()); !strings.Contains(g, "(lowered from 512.0 MiB") {
				t.Errorf("global buffers text %q does not say the cache was lowered", g)
			}
			if d := e.GlobalAfterBytes(); d != satSum(e.otherGlobalAfterBytes(), got, e.F.RocksDBMemtableBytes) {
				t.Errorf("GlobalAfterBytes %d does not count the lowered cache %d", d, got)
			}
			for _, fig := range []string{e.Human(e.F.RocksDBBlockCacheBytes), e.Human(e.rocksDBConnsBytes()), e.Human(e.F.RocksDBMemtableBytes),
				e.Human(e.otherGlobalAfterBytes()), e.Human(e.F.RocksDBBlockCacheBytes - got), e.Human(e.ReserveBytes())} {
				if !strings.Contains(h.RenderedDetail, fig) {
					t.Errorf("detail %q does not state %s, a figure the size was computed from", h.RenderedDetail, fig)
				}
			}
		})
	}
}

// TestRocksDBFirstKeepsConnections: in the 1 GiB bed the lowered block
// cache leaves max_connections above mytune's floor (review r38 live:
// 56, where the 512M cache left 10).
func TestRocksDBFirstKeepsConnections(t *testing.T) {
	e, _ := memEnv(t, rocksIn1G)
	if got := e.memPlan().Conns; got <= e.T.MinMaxConnections {
		t.Fatalf("max_connections after the advice %d; want more than the floor %d once the cache is lowered", got, e.T.MinMaxConnections)
	}
}

// uintText is n in decimal.
func uintText(n uint64) string { return strconv.FormatUint(n, 10) }

// Review r38: the 1 GiB MyRocks bed lowers its block cache before
// connections; with 12 GiB nothing is lowered.
func init() {
	ruleCases = append(ruleCases, []struct {
		name       string
		id         string
		mutate     func(*profile.Profile)
		durability string
		want       bool
		recommend  string
	}{
		{"MyRocks in a 1 GiB cgroup: block cache lowered", "memory.rocksdb_block_cache_small_memory", rocksIn1G, "", true, ""},
		{"MyRocks with 12 GiB: block cache kept", "memory.rocksdb_block_cache_small_memory",
			all(rocksIn1G, func(p *profile.Profile) { p.Host.Memory.LimitBytes = 12 * tGiB }), "", false, ""},
	}...)
}
