package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// tier12G sets the per-session settings of the Percona-Lab Tier12G my.cnf
// (probe/mycnf/testdata/percona-lab-mariadb-11.8.6-Tier12G.cnf) on a 16 GiB host.
func tier12G(p *profile.Profile) {
	p.Host.Memory = profile.Memory{TotalBytes: 16 * tGiB, AvailableBytes: 14 * tGiB}
	for k, v := range map[string]string{"innodb_buffer_pool_size": "12G", "max_connections": "2000",
		"sort_buffer_size": "4M", "join_buffer_size": "4M", "read_buffer_size": "2M", "read_rnd_buffer_size": "4M",
		"binlog_cache_size": "4M", "thread_stack": "512K", "innodb_log_buffer_size": "256M"} {
		p.Server.Variables[k] = v
	}
}

// memEnv builds the Env of the quiet profile after mutate.
func memEnv(t *testing.T, mutate func(*profile.Profile)) (Env, map[string]Hit) {
	t.Helper()
	p := quietProfile()
	mutate(&p)
	c, err := Load(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tg, _, err := ResolveTarget(p, "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := BuildFacts(p, tg)
	if err != nil {
		t.Fatal(err)
	}
	return NewEnv(p, f, c.Thresholds, "strict"), fired(t, p, "strict", "")
}

// TestMemoryAdviceAfter: the pool is sized on the connections and buffers as
// they will be after the advice, never above what is left, never below the
// 128M default while fewer connections could keep it, and not at all when
// memory is unknown or nothing fits.
func TestMemoryAdviceAfter(t *testing.T) {
	cases := []struct {
		name       string
		mutate     func(*profile.Profile)
		want       map[string]string // rule id -> recommended ("" = fires, any value)
		wantSilent []string          // rule ids that must not fire
	}{
		{"Tier12G on 16G: pool sized after the buffer and connection advice", tier12G,
			map[string]string{"memory.buffer_pool_over_memory": "6G", "memory.max_connections_memory": "1010",
				"memory.sort_buffer_large": "256K"}, []string{"memory.no_room_for_pool"}},
		{"1 MiB cgroup limit: no pool fits, none recommended", func(p *profile.Profile) { p.Host.Memory.LimitBytes = tMiB },
			map[string]string{"memory.no_room_for_pool": ""}, []string{"memory.buffer_pool_over_memory", "memory.buffer_pool_small"}},
		{"memory unknown: memory rules stay silent", func(p *profile.Profile) {
			p.Host.Memory = profile.Memory{}
			p.Server.Variables["max_connections"] = "2000"
			p.Server.Variables["innodb_buffer_pool_size"] = "1G"
		}, nil, []string{"memory.buffer_pool_over_memory", "memory.buffer_pool_small", "memory.max_connections_memory", "memory.no_room_for_pool"}},
		{"512M host: fewer connections keep a 128M pool", func(p *profile.Profile) {
			p.Host.Memory = profile.Memory{TotalBytes: 512 * tMiB, AvailableBytes: 400 * tMiB}
			p.Server.Variables["innodb_buffer_pool_size"] = "256M"
		}, map[string]string{"memory.buffer_pool_over_memory": "128M", "memory.max_connections_memory": "19",
			"memory.tmp_table_size_memory": "1M"}, nil},
		{"swapping host: no growth", func(p *profile.Profile) {
			p.Host.Memory = profile.Memory{TotalBytes: 32 * tGiB, AvailableBytes: 2 * tGiB, SwapTotalBytes: 4 * tGiB, SwapFreeBytes: tGiB}
			p.Server.Variables["innodb_buffer_pool_size"] = "2G"
		}, map[string]string{"hygiene.swap_pressure": ""}, []string{"memory.buffer_pool_small"}},
		{"little available: growth capped at pool + available - reserve", func(p *profile.Profile) {
			p.Host.Memory = profile.Memory{TotalBytes: 32 * tGiB, AvailableBytes: 8 * tGiB}
			p.Server.Variables["innodb_buffer_pool_size"] = "2G"
		}, map[string]string{"memory.buffer_pool_small": "6G"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env, hits := memEnv(t, tc.mutate)
			for id, rec := range tc.want {
				h, ok := hits[id]
				if !ok {
					t.Errorf("%s did not fire (fired: %v)", id, keys(hits))
					continue
				}
				if rec != "" && h.Recommended != rec {
					t.Errorf("%s recommended %s, want %s; detail: %s", id, h.Recommended, rec, h.RenderedDetail)
				}
			}
			for _, id := range tc.wantSilent {
				if h, ok := hits[id]; ok {
					t.Errorf("%s fired: %s → %s: %s", id, h.Current, h.Recommended, h.RenderedDetail)
				}
			}
			if h, ok := hits["memory.buffer_pool_over_memory"]; ok {
				b, _ := profile.ParseSize(h.Recommended)
				if room := env.PoolRoomAfterBytes(); b > room || b == 0 {
					t.Errorf("pool %s is 0 or above the %d bytes left", h.Recommended, room)
				}
			}
		})
	}
}

// TestMemoryFindingsAgree: on memory too small for the default pool next
// to the connections kept, the max_connections finding says what the pool
// and tmp_table_size findings do, with their numbers (QA 13: "more than
// memory allows (0)" beside a pool finding that gave them 82.6 MiB).
func TestMemoryFindingsAgree(t *testing.T) {
	cases := []struct {
		name  string
		limit uint64
		want  []string // in memory.max_connections_memory's detail
		not   []string
	}{
		{"384 MiB cgroup: pool below its default", 384 * tMiB,
			[]string{"With tmp_table_size at 1.0 MiB, the least mytune advises (tmp_table_min_bytes), each connection takes 2.9 MiB",
				"10 x 2.9 MiB = 29.1 MiB do not fit next to that pool: the buffer pool is held to what is left, 26M"}, []string{"memory allows (0)"}},
		{"512 MiB host: the pool keeps its default", 512 * tMiB, nil, []string{"memory allows (", "below its"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env, hits := memEnv(t, func(p *profile.Profile) {
				p.Host.Memory.LimitBytes = tc.limit
				p.Server.Variables["innodb_buffer_pool_size"] = "128M"
			})
			h, ok := hits["memory.max_connections_memory"]
			if !ok {
				t.Fatalf("memory.max_connections_memory did not fire")
			}
			for _, w := range tc.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail lacks %q: %s", w, h.RenderedDetail)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail has %q: %s", w, h.RenderedDetail)
				}
			}
			if p, ok := hits["memory.buffer_pool_over_memory"]; ok && tc.want != nil &&
				!strings.Contains(p.RenderedDetail, env.Human(env.PoolRoomAfterBytes())) {
				t.Errorf("the pool finding does not give the same %s: %s", env.Human(env.PoolRoomAfterBytes()), p.RenderedDetail)
			}
		})
	}
}
