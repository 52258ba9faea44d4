package rules

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestQueryCacheAfterFlushStatus: FLUSH STATUS resets the Qcache_*
// counters but not Com_select (measured on MariaDB 10.11.19: Qcache_hits
// 199 → 0, Com_select 1102 → 1102; Uptime_since_flush_status 7 → 0), so
// after one the hit ratio is taken over the SELECTs the cache looked up
// since (hits + inserts + not cached), never a reset count over a lifetime
// one, and Max_used_connections is said to be since the flush.
func TestQueryCacheAfterFlushStatus(t *testing.T) {
	for _, tc := range []struct {
		name               string
		flavor             string
		sinceFlush         string // Uptime_since_flush_status; Uptime is 86400
		hits, comSelect    int
		inserts, notCached int
		fires              bool
		want, wantNot      []string
	}{
		{"MariaDB flushed 2 h ago, 94.3% since: kept (read 0.6% before)", "mariadb", "7200", 5000, 900000, 200, 100, false, nil, nil},
		{"MySQL 5.7 flushed 2 h ago, 94.3% since: kept", "mysql", "7200", 5000, 900000, 200, 100, false, nil, nil},
		{"flushed, 2.0% since: off by the bar", "mariadb", "7200", 100, 900000, 4900, 0, true,
			[]string{"Since FLUSH STATUS 2.0 h ago the cache answered 100 of 5000 SELECTs it looked up (2.0%, below 20.0%, by Qcache_hits / (Qcache_hits + Qcache_inserts + Qcache_not_cached): the flush reset those counters but not Com_select)"},
			[]string{"Since the server started"}},
		{"flushed a minute ago, 300 looked up: too few to judge a 512M cache", "mariadb", "60", 100, 900000, 200, 0, true,
			[]string{"the cache looked up only 300 SELECTs since FLUSH STATUS 60 s ago, fewer than 1000"}, nil},
		{"never flushed: Uptime_since_flush_status = Uptime", "mariadb", "86400", 100, 5000, 4900, 0, true,
			[]string{"Since the server started the cache answered 100 of 5000 SELECTs (2.0%, below 20.0%, by Qcache_hits / Com_select"}, nil},
		{"a second apart in one snapshot: not a flush", "mariadb", "86399", 100, 5000, 4900, 0, true,
			[]string{"Since the server started"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Host.CPU.Logical = 1
			version := "10.11.19"
			if tc.flavor == "mysql" {
				version = "5.7.44"
			}
			all(queryCache(tc.flavor, version, "512M", tc.hits, tc.comSelect), qcacheStored(tc.inserts, 0))(&p)
			p.Server.Status["qcache_not_cached"] = strconv.Itoa(tc.notCached)
			p.Server.Status["uptime_since_flush_status"] = tc.sinceFlush
			p.Server.Status["max_used_connections"] = "1"
			firedAs(t, p, "memory.query_cache_on", tc.fires, tc.want, tc.wantNot)
		})
	}
}

// TestMaxUsedSinceFlush: Max_used_connections is said to be since the
// server started, or since FLUSH STATUS, which resets it.
func TestMaxUsedSinceFlush(t *testing.T) {
	for _, tc := range []struct{ name, sinceFlush, want string }{
		{"never flushed", "86400", "at once since it started 24.0 h ago"},
		{"flushed 3 h ago", "10800", "at once since FLUSH STATUS 3.0 h ago"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := memEnv(t, func(p *profile.Profile) {
				p.Server.Status["max_used_connections"] = "12"
				p.Server.Status["uptime_since_flush_status"] = tc.sinceFlush
			})
			if got := e.MaxUsedText(); !strings.Contains(got, tc.want) {
				t.Errorf("%q lacks %q", got, tc.want)
			}
		})
	}
}
