package server

import (
	"os"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestMemtableBytes sums each column family's memtables.
func TestMemtableBytes(t *testing.T) {
	cases := []struct {
		name        string
		size, count map[string]uint64
		want        uint64
	}{
		{"MariaDB 10.11.19 defaults: two families of 2 x 64 MiB",
			map[string]uint64{"default": 64 << 20, "__system__": 64 << 20}, map[string]uint64{"default": 2, "__system__": 2}, 256 << 20},
		{"a family without its count is left out", map[string]uint64{"default": 64 << 20}, map[string]uint64{}, 0},
		{"none", nil, nil, 0},
		{"overflow saturates", map[string]uint64{"a": 1 << 62}, map[string]uint64{"a": 8}, ^uint64(0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := memtableBytes(c.size, c.count); got != c.want {
				t.Errorf("memtableBytes = %d, want %d", got, c.want)
			}
		})
	}
}

// TestReadRocksDBMemtables: a server with MyRocks loaded has its
// memtables read; one without is not asked.
func TestReadRocksDBMemtables(t *testing.T) {
	if _, err := os.Stat("/usr/lib/mysql/plugin/ha_rocksdb.so"); err != nil {
		t.Skip("mariadb-plugin-rocksdb is not installed")
	}
	cases := []struct {
		name string
		args []string
		want uint64
	}{
		{"MyRocks loaded: default and __system__, 2 x 64 MiB each", []string{"--plugin-load-add=ha_rocksdb"}, 256 << 20},
		{"no plugin: not asked", nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := testmariadb.StartWith(t, c.args...)
			s, err := Read(t.Context(), fullConn(t, srv.Socket))
			if err != nil {
				t.Fatal(err)
			}
			if s.RocksDBMemtableBytes != c.want {
				t.Errorf("RocksDBMemtableBytes = %d, want %d (unread %q)", s.RocksDBMemtableBytes, c.want, s.Unread)
			}
		})
	}
}
