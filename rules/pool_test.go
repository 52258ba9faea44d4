package rules

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLayoutPool checks the manual's examples ("Configuring InnoDB Buffer
// Pool Size") and the 32M pool of issue 11, which no rounding enlarges.
func TestLayoutPool(t *testing.T) {
	cases := []struct {
		name            string
		pool, chunk     uint64
		inst            int
		wantRounded     uint64
		wantChunk       uint64
		wantInst        int
		shrunk, ignored bool
	}{
		{"manual: 8G, 16 x 128M is valid", 8 * tGiB, 128 * tMiB, 16, 8 * tGiB, 128 * tMiB, 16, false, false},
		{"manual: 9G, 16 x 128M rounds to 10G", 9 * tGiB, 128 * tMiB, 16, 10 * tGiB, 128 * tMiB, 16, false, false},
		{"manual: 2G, 4 x 1G chunk truncates to 512M", 2 * tGiB, tGiB, 4, 2 * tGiB, 512 * tMiB, 4, true, false},
		{"issue 11: 32M with a 128M chunk is 32M", 32 * tMiB, 128 * tMiB, 1, 32 * tMiB, 32 * tMiB, 1, true, false},
		{"512M with 8 instances: one instance below 1G", 512 * tMiB, 128 * tMiB, 8, 512 * tMiB, 128 * tMiB, 1, false, true},
		{"1.5G with 8 x 128M rounds to 2G", 1536 * tMiB, 128 * tMiB, 8, 2 * tGiB, 128 * tMiB, 8, false, false},
		{"no chunk known", 100 * tMiB, 0, 1, 100 * tMiB, 0, 1, false, false},
		{"2^64-1 has no larger multiple: not rounded (was 0 B)", math.MaxUint64, 128 * tMiB, 8, math.MaxUint64, 128 * tMiB, 8, false, false},
		{"just below 2^64 with room to round stays exact", math.MaxUint64 - tGiB + 1, 128 * tMiB, 8, math.MaxUint64 - tGiB + 1, 128 * tMiB, 8, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l := LayoutPool(tc.pool, tc.chunk, tc.inst)
			if l.RoundedBytes != tc.wantRounded || l.ChunkBytes != tc.wantChunk || l.Instances != tc.wantInst ||
				l.ChunkShrunk != tc.shrunk || l.InstancesIgnored != tc.ignored {
				t.Errorf("LayoutPool(%d, %d, %d) = %+v", tc.pool, tc.chunk, tc.inst, l)
			}
		})
	}
}

// TestQueryCacheTypeFromMyCnf: a my.cnf that sizes the cache turns it ON
// on MariaDB whatever type it names but DEMAND (measured on MariaDB
// 10.11.19: query_cache_type=OFF with query_cache_size=64M or 1M ran ON),
// and leaves MySQL 5.7 at the type it names or its default OFF.
func TestQueryCacheTypeFromMyCnf(t *testing.T) {
	cases := []struct {
		name, flavor, version, typ, size, want string
	}{
		{"MariaDB 64M", "mariadb", "10.11.6", "", "64M", "ON"},
		{"MariaDB 1M set", "mariadb", "10.11.6", "", "1048576", "ON"},
		{"MariaDB OFF and 64M: ON", "mariadb", "10.11.19", "OFF", "64M", "ON"},
		{"MariaDB 0 and 1M: ON", "mariadb", "10.11.19", "0", "1M", "ON"},
		{"MariaDB DEMAND and 64M: DEMAND", "mariadb", "10.11.19", "DEMAND", "64M", "DEMAND"},
		{"MariaDB OFF and 0", "mariadb", "10.11.19", "OFF", "0", "OFF"},
		{"MariaDB 0", "mariadb", "10.11.6", "", "0", "OFF"},
		{"MySQL 5.7 64M", "mysql", "5.7.44", "", "64M", "OFF"},
		{"MySQL 5.7 OFF and 64M", "mysql", "5.7.44", "OFF", "64M", "OFF"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server = nil
			p.MyCnf = &profile.MyCnf{Variables: map[string]string{"query_cache_size": tc.size}}
			if tc.typ != "" {
				p.MyCnf.Variables["query_cache_type"] = tc.typ
			}
			f, err := BuildFacts(p, profile.Target{Flavor: tc.flavor, Version: tc.version})
			if err != nil {
				t.Fatal(err)
			}
			if f.QueryCacheType != tc.want {
				t.Errorf("query_cache_type = %q, want %q", f.QueryCacheType, tc.want)
			}
			said := strings.Contains(strings.Join(f.Problems, "; "), "whatever query_cache_type says")
			if wantSaid := tc.typ != "" && tc.want != tc.typ; said != wantSaid {
				t.Errorf("problem said %v, want %v: %v", said, wantSaid, f.Problems)
			}
		})
	}
}
