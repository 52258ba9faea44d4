package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMemoryPlanSteps: the connections' in-memory temporary tables are made
// room for in the order a DBA would (fix13b): the pool as sized on the
// buffers alone, then tmp_table_size lowered, then max_connections (never
// below Max_used_connections plus headroom nor the floor), then the pool;
// and whatever the step, the advised settings fit the usable memory.
func TestMemoryPlanSteps(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*profile.Profile)
		step   int
		tmp    string // tmp_table_size after
		conns  int    // max_connections after
		pool   string // innodb_buffer_pool_size target
	}{
		{"32G host: 151 x 16M temporary tables fit next to the pool", func(*profile.Profile) {}, memFits, "16M", 151, "15G"},
		{"8G cgroup, pool 40G: the pool keeps its 6G, tmp_table_size lowered", func(p *profile.Profile) {
			p.Host.Memory.LimitBytes = 8 * tGiB
			p.Server.Variables["innodb_buffer_pool_size"] = "40G"
		}, memTmpLowered, "5M", 151, "6G"},
		{"QA 13 512M MariaDB: tmp_table_size at 1M, then max_connections, 128M pool kept", qa13Small,
			memConnsLowered, "1M", 24, "128M"},
		{"10000 connections, 3000 used: lowered to what fits at 1M", all(setVar("max_connections", "10000"),
			setStatus("max_used_connections", "3000")), memConnsLowered, "1M", 5894, "12G"},
		{"10000 connections, 5000 used: not below 6000 (5000 + 20%), the pool takes the cut", all(setVar("max_connections", "10000"),
			setStatus("max_used_connections", "5000")), memPoolShrunk, "1M", 6000, "11G"},
		{"384 MiB cgroup: floor of 10 connections, the pool gets what is left", func(p *profile.Profile) {
			p.Host.Memory.LimitBytes = 384 * tMiB
			p.Server.Variables["innodb_buffer_pool_size"] = "128M"
		}, memPoolShrunk, "1M", 10, "26M"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := memEnv(t, tc.mutate)
			if got := e.MemoryStep(); got != tc.step {
				t.Errorf("step %d, want %d", got, tc.step)
			}
			if got := e.Size(e.TmpTableAfter()); got != tc.tmp {
				t.Errorf("tmp_table_size %s, want %s", got, tc.tmp)
			}
			if got := e.MaxConnectionsAfter(); got != tc.conns {
				t.Errorf("max_connections %d, want %d", got, tc.conns)
			}
			pool := e.BufferPoolTarget()
			if tc.step < memPoolShrunk {
				pool = e.PoolPlannedBytes()
			}
			if got := e.Size(pool); got != tc.pool {
				t.Errorf("pool %s, want %s", got, tc.pool)
			}
			used := e.ReserveBytes() + pool + e.GlobalAfterBytes() + e.PerConnAfterBytes()*uint64(e.MaxConnectionsAfter())
			if used > e.EffectiveMemBytes() {
				t.Errorf("the advice takes %s of the %s usable", e.Human(used), e.Human(e.EffectiveMemBytes()))
			}
		})
	}
}
