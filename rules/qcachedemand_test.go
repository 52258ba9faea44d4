package rules

import (
	"strconv"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestQueryCacheDemand: under query_cache_type DEMAND the cache is judged
// on the SELECTs that asked for it (SQL_CACHE: hits + inserts), since the
// others, counted as not cached, cost about nothing beside OFF (measured on
// MariaDB 10.11.19, sysbench read-only without SQL_CACHE: OFF ÷ DEMAND
// 0.94-1.14 at 4 and 16 sessions, where ON cost 1.48x and 2.22x).
func TestQueryCacheDemand(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		typ                      string
		hits, inserts, notCached int
		maxUsed                  string
		fires                    bool
		want, wantNot            []string
	}{
		{"seen live: DEMAND, no SQL_CACHE query: unused, off", "DEMAND", 0, 0, 488075, "16", true,
			[]string{"Under DEMAND only SELECT SQL_CACHE results are stored", "Since the server started it ran 488075 SELECTs, of which 0 reached the cache",
				"fewer than 1000: the cache holds its 64.0 MiB for next to nothing", "0.94-1.14x"},
			[]string{"1.01-3.18x", "below 20.0%"}},
		{"DEMAND as 2, SQL_CACHE answered 90%: kept, 16 sessions or not", "2", 90000, 10000, 400000, "17", false, nil, nil},
		{"DEMAND, SQL_CACHE answered 10%: off by the bar over those asked", "DEMAND", 1000, 9000, 400000, "1", true,
			[]string{"of which 10000 reached the cache (Qcache_hits 1000 + Qcache_inserts 9000) and it answered 1000 of them (10.0%, below 20.0%, by Qcache_hits / (Qcache_hits + Qcache_inserts))"},
			[]string{"1.01-3.18x"}},
		{"ON, the same counters: all SELECTs judged, 16 sessions: off by the sessions", "ON", 90000, 10000, 400000, "17", true,
			[]string{"1.01-3.18x"}, []string{"DEMAND"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Host.CPU = profile.CPU{Logical: 2}
			sel := tc.hits + tc.inserts + tc.notCached
			all(queryCache("mariadb", "10.11.19", "64M", tc.hits, sel), qcacheStored(tc.inserts, 0))(&p)
			p.Server.Variables["query_cache_type"] = tc.typ
			p.Server.Status["qcache_not_cached"] = strconv.Itoa(tc.notCached)
			p.Server.Status["max_used_connections"] = tc.maxUsed
			firedAs(t, p, "memory.query_cache_on", tc.fires, tc.want, tc.wantNot)
		})
	}
}
