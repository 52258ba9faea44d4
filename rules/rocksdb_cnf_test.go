package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCnfLoadsRocksDB: the forms a my.cnf loads MyRocks with (Debian's
// rocksdb.cnf: plugin-load-add=ha_rocksdb.so).
func TestCnfLoadsRocksDB(t *testing.T) {
	cases := []struct {
		name string
		vars map[string]string
		want bool
	}{
		{"Debian's rocksdb.cnf", map[string]string{"plugin_load_add": "ha_rocksdb.so"}, true},
		{"the library's stem", map[string]string{"plugin_load_add": "ha_rocksdb"}, true},
		{"named, among others", map[string]string{"plugin_load": "server_audit=server_audit.so; rocksdb=ha_rocksdb.so"}, true},
		{"two lines joined", map[string]string{"plugin_load_add": "ha_archive;HA_ROCKSDB.so"}, true},
		{"another engine", map[string]string{"plugin_load_add": "ha_archive"}, false},
		{"nothing loaded", map[string]string{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := cnfLoadsRocksDB(c.vars); got != c.want {
				t.Errorf("cnfLoadsRocksDB(%v) = %v; want %v", c.vars, got, c.want)
			}
		})
	}
}

// TestRocksDBFromMyCnf: a my.cnf that loads MyRocks without sizing it
// counts its default 512M block cache and 2 x 2 x 64 MiB memtables, as a
// live MariaDB 10.11.19 started with --plugin-load-add=ha_rocksdb shows
// (review r38; before, nothing was counted).
func TestRocksDBFromMyCnf(t *testing.T) {
	cases := []struct {
		name      string
		vars      map[string]string
		wantCache uint64
		wantMem   uint64
	}{
		{"plugin-load-add, nothing set", map[string]string{"plugin_load_add": "ha_rocksdb"}, 512 * tMiB, 256 * tMiB},
		{"plugin-load-add, cache set", map[string]string{"plugin_load_add": "ha_rocksdb.so", "rocksdb_block_cache_size": "1G"}, tGiB, 256 * tMiB},
		{"no plugin", map[string]string{"plugin_load_add": "ha_archive"}, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			p.Server = nil
			p.MyCnf = &profile.MyCnf{Variables: c.vars}
			tg, _, err := ResolveTarget(p, "mariadb-10.11")
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, tg)
			if err != nil {
				t.Fatal(err)
			}
			if f.RocksDBBlockCacheBytes != c.wantCache || f.RocksDBMemtableBytes != c.wantMem {
				t.Errorf("block cache %d, memtables %d; want %d, %d", f.RocksDBBlockCacheBytes, f.RocksDBMemtableBytes, c.wantCache, c.wantMem)
			}
		})
	}
}
