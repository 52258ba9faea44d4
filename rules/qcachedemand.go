package rules

import "fmt"

// The query cache with query_cache_type DEMAND (2): only SELECT SQL_CACHE
// results are stored; every other SELECT is counted in Qcache_not_cached
// (measured on MariaDB 10.11.19: 1,500 plain SELECTs under DEMAND, not
// cached 1,500, inserts 0). Those plain SELECTs cost about nothing beside
// OFF: sysbench oltp_read_only (2 x 50,000 rows, 64M, no SQL_CACHE), 3
// rotated reps, OFF ÷ DEMAND TPS 0.96-1.14 at 4 sessions and 0.94-1.14 at
// 16, where ON cost 1.48x and 2.22x by medians (docs/benchmarks/query-cache.md,
// "DEMAND"). So under DEMAND the cache is judged on the SELECTs that asked
// for it (Qcache_hits + Qcache_inserts), not on all of them, and the
// parallel-sessions rule, measured with every SELECT cached, is not used.

// QueryCacheDemand is true when query_cache_type is DEMAND (or 2).
func (e Env) QueryCacheDemand() bool {
	t := e.F.QueryCacheType
	return t == "DEMAND" || t == "2"
}

// qcacheAsked is the SELECTs that asked for the cache under DEMAND and
// reached it: answered (Qcache_hits) or stored (Qcache_inserts); -1 when
// unknown.
func (u Usage) qcacheAsked() float64 {
	if u.QcacheHits < 0 || u.QcacheInserts < 0 {
		return -1
	}
	return u.QcacheHits + u.QcacheInserts
}

// queryCacheDemandOff is QueryCacheTurnOff under DEMAND, given at least
// T.QueryCacheMinSelects SELECTs: off when fewer than that many asked for
// the cache (it holds its memory for next to nothing), or when those that
// did were answered below T.QueryCacheMinHitRatio.
func (e Env) queryCacheDemandOff() bool {
	u := e.F.Usage
	asked := u.qcacheAsked()
	if asked < 0 {
		return false
	}
	if asked < e.T.QueryCacheMinSelects {
		return true
	}
	return u.QcacheHits/asked < e.T.QueryCacheMinHitRatio
}

// queryCacheDemandText is QueryCacheText under DEMAND: how many SELECTs
// asked for the cache and how many it answered, with since.
func (e Env) queryCacheDemandText(since string) string {
	u := e.F.Usage
	asked := u.qcacheAsked()
	s := fmt.Sprintf("Under DEMAND only SELECT SQL_CACHE results are stored. Since %s it ran %s SELECTs, "+
		"of which %s reached the cache (Qcache_hits %s + Qcache_inserts %s)", since, e.N(u.Selects()), e.N(asked), e.N(u.QcacheHits), e.N(u.QcacheInserts))
	if asked < e.T.QueryCacheMinSelects {
		return s + fmt.Sprintf(", fewer than %s: the cache holds its %s for next to nothing. "+
			"The other SELECTs cost little under DEMAND (measured with MariaDB 10.11 on 2 CPUs, no SQL_CACHE query: OFF ran at 0.94-1.14x DEMAND's throughput at 4 and 16 sessions)",
			e.N(e.T.QueryCacheMinSelects), e.Human(e.F.QueryCacheBytes))
	}
	return s + fmt.Sprintf(" and it answered %s of them (%s, below %s, by Qcache_hits / (Qcache_hits + Qcache_inserts)): "+
		"every SQL_CACHE result it stores is invalidated by the next write to its tables under one global lock, for few hits",
		e.N(u.QcacheHits), e.Pct(u.QcacheHits/asked), e.Pct(e.T.QueryCacheMinHitRatio))
}
