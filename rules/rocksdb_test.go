package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRocksDBInBudget: with MyRocks loaded, its block cache and memtables
// are counted with the global buffers and named where those are stated
// (review r35: a MyRocks server in a 1 GiB cgroup was told 607.9 MiB was
// left for its connections next to a 128M pool while its block cache held
// 417 MB and could take 512M, its memtables up to 256M).
func TestRocksDBInBudget(t *testing.T) {
	cases := []struct {
		name      string
		vars      map[string]string // rocksdb_* variables ("" none: no plugin)
		memtables uint64            // Server.RocksDBMemtableBytes
		wantCache uint64
		wantMem   uint64
		wantText  string // in globalText ("" no MyRocks there)
	}{
		{"no plugin: nothing counted", nil, 0, 0, 0, ""},
		{"MariaDB 10.11.19 defaults, memtables read", map[string]string{"rocksdb_block_cache_size": "536870912", "rocksdb_db_write_buffer_size": "0"},
			256 << 20, 512 << 20, 256 << 20, "MyRocks' 512.0 MiB block cache and 256.0 MiB of memtables"},
		{"memtables unread: two families of 2 x 64 MiB", map[string]string{"rocksdb_block_cache_size": "1G"},
			0, 1 << 30, 256 << 20, "MyRocks' 1.0 GiB block cache and 256.0 MiB of memtables"},
		{"rocksdb_db_write_buffer_size caps the memtables", map[string]string{"rocksdb_block_cache_size": "536870912", "rocksdb_db_write_buffer_size": "67108864"},
			384 << 20, 512 << 20, 64 << 20, "and 64.0 MiB of memtables"},
		{"rocksdb_no_block_cache: no cache", map[string]string{"rocksdb_block_cache_size": "536870912", "rocksdb_no_block_cache": "ON"},
			256 << 20, 0, 256 << 20, "MyRocks' 0 B block cache and 256.0 MiB of memtables"},
	}
	base, _ := memEnv(t, tier12G)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, _ := memEnv(t, func(p *profile.Profile) {
				tier12G(p)
				for k, v := range c.vars {
					p.Server.Variables[k] = v
				}
				p.Server.RocksDBMemtableBytes = c.memtables
			})
			if e.F.RocksDBBlockCacheBytes != c.wantCache || e.F.RocksDBMemtableBytes != c.wantMem {
				t.Fatalf("block cache %d, memtables %d; want %d, %d", e.F.RocksDBBlockCacheBytes, e.F.RocksDBMemtableBytes, c.wantCache, c.wantMem)
			}
			if e.GlobalBytes() != base.GlobalBytes()+c.wantCache+c.wantMem {
				t.Errorf("global %d, want %d + %d + %d", e.GlobalBytes(), base.GlobalBytes(), c.wantCache, c.wantMem)
			}
			got := e.globalText(e.GlobalAfterBytes())
			if c.wantText == "" && strings.Contains(got, "MyRocks") || !strings.Contains(got, c.wantText) {
				t.Errorf("global text %q, want it to say %q", got, c.wantText)
			}
			if names := e.GlobalNamesText(); strings.Contains(names, "MyRocks") != (c.wantText != "") {
				t.Errorf("global names %q: MyRocks named %v, want %v", names, !(c.wantText != ""), c.wantText != "")
			}
		})
	}
}

// rocksTables makes the server MariaDB 10.11.19 with MyRocks loaded and n
// ROCKSDB tables beside one InnoDB table, flushing its WAL at flush.
func rocksTables(n int, flush string) func(*profile.Profile) {
	return func(p *profile.Profile) {
		setVersion("mariadb", "10.11.19")(p)
		p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {Tables: 1, DataBytes: tMiB}}
		if n > 0 {
			p.Server.Engines["ROCKSDB"] = profile.EngineUsage{Tables: n, DataBytes: 370 * tMiB}
		}
		p.Server.Variables["rocksdb_block_cache_size"] = "536870912"
		if flush != "" {
			p.Server.Variables["rocksdb_flush_log_at_trx_commit"] = flush
		}
	}
}

// Review r35: with rocksdb_flush_log_at_trx_commit 2, 28242 commits to
// MyRocks tables made 10 WAL syncs in 10 s, and mytune said nothing.
func init() {
	ruleCases = append(ruleCases, []struct {
		name       string
		id         string
		mutate     func(*profile.Profile)
		durability string
		want       bool
		recommend  string
	}{
		{"MyRocks tables, WAL synced about once a second", "durability.rocksdb_flush_log_strict", rocksTables(4, "2"), "", true, ""},
		{"MyRocks tables, WAL never synced at commit", "durability.rocksdb_flush_log_strict", rocksTables(4, "0"), "", true, ""},
		{"MyRocks tables, synced at commit", "durability.rocksdb_flush_log_strict", rocksTables(4, "1"), "", false, ""},
		{"MyRocks tables, its default (1)", "durability.rocksdb_flush_log_strict", rocksTables(4, ""), "", false, ""},
		{"plugin loaded, no MyRocks table", "durability.rocksdb_flush_log_strict", rocksTables(0, "2"), "", false, ""},
		{"MyRocks tables at 2, relaxed durability", "durability.rocksdb_flush_log_strict", rocksTables(4, "2"), "relaxed", false, ""},
	}...)
}
