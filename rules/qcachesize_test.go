package rules

import (
	"testing"
)

// TestQueryCacheSizeWithType: on MariaDB a query_cache_size left in my.cnf
// starts the cache ON again whatever query_cache_type says (measured on
// MariaDB 10.11.19: OFF with 64M or 1M ran ON), so when the advice turns
// the cache off it takes the size to 0 too, even the default 1M, and says
// why; MySQL 5.7 keeps the type it is given and keeps its text.
func TestQueryCacheSizeWithType(t *testing.T) {
	for _, tc := range []struct {
		name, flavor, version, typ, size string
		fires                            bool
		want, wantNot                    []string
	}{
		{"MariaDB 1M turned off: the size goes too", "mariadb", "10.11.19", "ON", "1M", true,
			[]string{"is turned off by the query_cache_type advice here", "whatever query_cache_type says",
				"started with query_cache_type=OFF and query_cache_size=64M, or 1M, it ran ON"}, []string{"allocated whatever the type"}},
		{"MariaDB 64M already off: at the next start it is ON again", "mariadb", "10.11.19", "OFF", "64M", true,
			[]string{"is off (query_cache_type OFF)", "so the 64.0 MiB may be held now"}, []string{"allocated whatever the type"}},
		{"MariaDB 1M already off: the default left alone", "mariadb", "10.11.19", "OFF", "1M", false, nil, nil},
		{"MySQL 5.7 1M turned off: left alone", "mysql", "5.7.44", "ON", "1M", false, nil, nil},
		{"MySQL 5.7 64M turned off: the manual's text", "mysql", "5.7.44", "ON", "64M", true,
			[]string{"The size is allocated whatever the type", "gives the 64.0 MiB back"}, []string{"MariaDB"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			all(queryCache(tc.flavor, tc.version, tc.size, 100, 5000), qcacheStored(4900, 0))(&p)
			p.Server.Variables["query_cache_type"] = tc.typ
			p.Server.Status["max_used_connections"] = "1"
			firedAs(t, p, "memory.query_cache_size", tc.fires, tc.want, tc.wantNot)
		})
	}
}
