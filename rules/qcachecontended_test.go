package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestQueryCacheContended: the cache is turned off when sessions can take
// its lock in parallel (two or more connections at once besides the
// reader's own, on more than one CPU), whatever its hit ratio, and
// otherwise only below a 20% hit ratio. Fitted on MariaDB 10.11.19,
// twelve sysbench workloads, eleven on 2 CPUs (docs/benchmarks/query-cache.md): on 2 CPUs
// off gave 1.01-3.18x at 2-16 sessions in 23 of 25 cells, the other two
// the 2,000-row tables at 97.8% hits (lost 1% and 12% off: the case below
// fires anyway); held to one CPU the cache cost at most 4% at 1-16 sessions;
// at 1 session a read/write load at 0.6% hits ran 1.29x faster off.
func TestQueryCacheContended(t *testing.T) {
	for _, tc := range []struct {
		name            string
		hits, comSelect int
		maxUsed         string // Max_used_connections, "" when not reported
		cpus            int
		quota           float64
		fires           bool
		want, wantNot   []string
	}{
		{"fit: 50,000 rows, 77.1% hits, 16 sessions on 2 CPUs", 242991, 315128, "17", 2, 0, true,
			[]string{"242991 of 315128 SELECTs", "(77.1%, by", "up to 17 connections at once", "on 2 CPUs", "1.01-3.18x"}, []string{"below 20.0%"}},
		{"fit: 2,000 rows, 97.8% hits, 16 sessions (it lost 12% off)", 359992, 367924, "17", 2, 0, true, []string{"(97.8%, by"}, nil},
		{"one connection at a time on 2 CPUs", 242991, 315128, "1", 2, 0, false, nil, nil},
		{"two at once, Threads_connected not reported: counted whole", 242991, 315128, "2", 2, 0, true, []string{"up to 2 connections at once (Max_used_connections)"}, nil},
		{"fit: held to one CPU, 16 sessions", 242991, 315128, "17", 1, 0, false, nil, nil},
		{"a quota of 1.5 CPUs", 242991, 315128, "3", 8, 1.5, true, []string{"on 1.5 CPUs"}, nil},
		{"a quota of 0.5 CPUs", 242991, 315128, "30", 8, 0.5, false, nil, nil},
		{"fit: read/write, 0.6% hits, 1 session", 977, 169141, "1", 2, 0, true, []string{"(0.6%, below 20.0%, by", "for few hits"}, []string{"connections at once"}},
		{"Max_used_connections not reported", 242991, 315128, "", 2, 0, false, nil, nil},
		{"too few SELECTs to judge, 64M", 500, 900, "40", 2, 0, false, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Host.CPU = profile.CPU{Logical: tc.cpus, QuotaCores: tc.quota}
			all(queryCache("mariadb", "10.11.19", "64M", tc.hits, tc.comSelect), qcacheStored(tc.comSelect-tc.hits, 0))(&p)
			if tc.maxUsed != "" {
				p.Server.Status["max_used_connections"] = tc.maxUsed
			}
			firedAs(t, p, "memory.query_cache_on", tc.fires, tc.want, tc.wantNot)
		})
	}
}

// TestQueryCacheReaderAtPeak: the reader's own connections are taken off
// Max_used_connections when the peak is now (Threads_connected has reached
// it in the same snapshot), so one application session beside mytune is
// one session (seen live: a sleeping client and mytune made
// Max_used_connections 2), and a peak reached at another time counts whole.
func TestQueryCacheReaderAtPeak(t *testing.T) {
	for _, tc := range []struct {
		name               string
		hits, comSelect    int
		maxUsed, connected string
		readers            int // profile.Server.ReaderConnections
		fires              bool
		want, wantNot      []string
	}{
		{"one application session beside mytune: kept", 242991, 315128, "2", "2", 1, false, nil, nil},
		{"a capture's client beside one session (readers unrecorded): kept", 242991, 315128, "2", "2", 0, false, nil, nil},
		{"two application sessions beside mytune", 242991, 315128, "3", "3", 1, true,
			[]string{"2 connections at once besides the session that read its status (Max_used_connections 3, reached as it was read)", "on 2 CPUs"}, nil},
		{"mytune held two connections at the peak: one other", 242991, 315128, "3", "3", 2, false, nil, nil},
		{"two earlier, one now beside mytune's: the peak came earlier", 242991, 315128, "3", "2", 1, true,
			[]string{"up to 3 connections at once (Max_used_connections; 2 connected as it was read)"}, nil},
		{"sixteen earlier, only mytune now", 242991, 315128, "17", "1", 1, true, []string{"up to 17 connections at once"}, []string{"besides"}},
		{"one session beside mytune at 0.6% hits: off by the bar", 977, 169141, "2", "2", 1, true,
			[]string{"(0.6%, below 20.0%, by", "for few hits"}, []string{"connections at once"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Host.CPU = profile.CPU{Logical: 2}
			all(queryCache("mariadb", "10.11.19", "64M", tc.hits, tc.comSelect), qcacheStored(tc.comSelect-tc.hits, 0))(&p)
			p.Server.Status["max_used_connections"] = tc.maxUsed
			p.Server.Status["threads_connected"] = tc.connected
			p.Server.ReaderConnections = tc.readers
			firedAs(t, p, "memory.query_cache_on", tc.fires, tc.want, tc.wantNot)
		})
	}
}
