package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// The query cache as rule expressions see it. It exists in MariaDB and in
// MySQL before 8.0.3 (MySQL 8.0 release notes: removed in 8.0.3); MySQL
// 5.7 defaults to query_cache_type 0 and query_cache_size 1M (5.7 manual,
// "Query Cache Configuration"), MariaDB from 10.1.7 to OFF and 1M.

// fillQueryCache reads query_cache_type and query_cache_size. A my.cnf
// that sets a non-zero size turns an OFF cache ON on MariaDB (MariaDB KB,
// query_cache_type: "automatically set to ON if the server is started
// with the query_cache_size set"), whatever query_cache_type it sets:
// MariaDB 10.11.19 started with query_cache_type=OFF and
// query_cache_size=64M, or 1M, ran ON and cached results; DEMAND stays
// DEMAND. MySQL 5.7 keeps the type it is given, by default 0.
func (f *Facts) fillQueryCache() {
	if _, ok := f.Raw["query_cache_size"]; !ok {
		return
	}
	f.QueryCacheBytes = f.size("query_cache_size")
	f.QueryCacheType = strings.ToUpper(strings.TrimSpace(f.Raw["query_cache_type"]))
	off := f.QueryCacheType == "" || f.QueryCacheType == "OFF" || f.QueryCacheType == "0"
	if !f.HasServer && f.Flavor == profile.FlavorMariaDB && off && f.Set["query_cache_size"] && f.QueryCacheBytes > 0 {
		if f.Set["query_cache_type"] {
			f.Problems = append(f.Problems, fmt.Sprintf("query_cache_type = %q: MariaDB starts the query cache ON when "+
				"query_cache_size is set (%q here), whatever query_cache_type says; ON was used (query_cache_size = 0 keeps it off)",
				f.Raw["query_cache_type"], f.Raw["query_cache_size"]))
		}
		f.QueryCacheType = "ON"
	}
}

// QueryCacheSizeText is why memory.query_cache_size sets the size to 0 on
// MariaDB, where query_cache_type alone does not keep the cache off: a
// size in my.cnf turns it ON at the next start (fillQueryCache), and
// whether the size's memory is held while the type is OFF depends on the
// order they were set in (measured on MariaDB 10.11.19: SET GLOBAL
// query_cache_type = OFF freed the 16 MiB, Qcache_free_memory 16,759,592
// → 0; a query_cache_size of 32M set after it took 33,536,760).
func (e Env) QueryCacheSizeText() string {
	return fmt.Sprintf("MariaDB starts the cache ON whenever my.cnf sets a non-zero query_cache_size, whatever "+
		"query_cache_type says (measured on MariaDB 10.11.19: started with query_cache_type=OFF and query_cache_size=64M, "+
		"or 1M, it ran ON and cached results), so query_cache_type = OFF alone does not keep it off. While the type is "+
		"OFF its memory is freed or held depending on which was set last (SET GLOBAL query_cache_type = OFF freed 16 MiB; "+
		"a size set after it was allocated), so the %s may be held now. 0 keeps the cache off at the next start and frees "+
		"what it holds.", e.Human(e.F.QueryCacheBytes))
}

// QueryCacheOn is true when the query cache caches results: a type other
// than OFF/0 and a size above 0.
func (e Env) QueryCacheOn() bool {
	t := e.F.QueryCacheType
	return t != "" && t != "OFF" && t != "0" && e.F.QueryCacheBytes > 0
}

// QueryCacheTurnOff is true when the advice turns the cache off: over at
// least T.QueryCacheMinSelects SELECTs the server has run sessions in
// parallel (QueryCacheContended) or had a hit ratio below
// T.QueryCacheMinHitRatio, or, with no such measurement, the cache is
// larger than T.QueryCacheMaxBytes.
func (e Env) QueryCacheTurnOff() bool {
	if !e.QueryCacheOn() {
		return false
	}
	u := e.F.Usage
	if u.Selects() >= e.T.QueryCacheMinSelects {
		if e.QueryCacheDemand() {
			return e.queryCacheDemandOff()
		}
		return e.QueryCacheContended() || u.QcacheHitRatio() < e.T.QueryCacheMinHitRatio
	}
	return e.F.QueryCacheBytes > e.T.QueryCacheMaxBytes
}

// QueryCacheContended is true when sessions can take the cache's one
// global lock in parallel: the server has had two or more connections at
// once besides the reader's own (Usage.OthersAtPeak: a single application
// session beside mytune's is one) and can use more than one CPU (a quota
// of 1.5 lets two threads run at once).
// Fitted on MariaDB 10.11, twelve sysbench workloads (eleven on 2 CPUs)
// (docs/benchmarks/query-cache.md): on 2 CPUs, off gave 1.01-3.18x the
// throughput at 2-16 sessions in 23 of 25 cells whatever the hit ratio
// (0.1-98%), and lost 1% and 12% in the other two (98% hits on 2,000
// rows); with the server held to one CPU it cost at most 4% at 1-16
// sessions; with one session it was worth keeping in 7 of 11 (by 3-30%).
func (e Env) QueryCacheContended() bool {
	return e.F.Usage.OthersAtPeak() >= 2 && e.qcacheCPUs() > 1
}

// qcacheCPUs is the CPUs the server can use (the probe's host, its cgroup
// and affinity limits applied), 1 when unknown.
func (e Env) qcacheCPUs() float64 {
	if n := e.Host.CPU.Usable(); n > 0 {
		return n
	}
	return 1
}

// QueryCacheOffAfter is true when the cache is off once the advice is applied.
func (e Env) QueryCacheOffAfter() bool { return !e.QueryCacheOn() || e.QueryCacheTurnOff() }

// Pct renders a ratio 0..1 as a percentage with one decimal ("2.0%").
func (e Env) Pct(r any) string { return e.N1(toFloat(r)*100) + "%" }

// N1 renders a number with one decimal.
func (e Env) N1(x any) string { return strconv.FormatFloat(toFloat(x), 'f', 1, 64) }

// QueryCacheText gives the evidence QueryCacheTurnOff used, with its numbers.
func (e Env) QueryCacheText() string {
	u := e.F.Usage
	if u.Selects() >= e.T.QueryCacheMinSelects {
		formula, since, of := "Qcache_hits / (Qcache_hits + Com_select)", "the server started", "SELECTs"
		if u.ComSelectCountsHits {
			formula = "Qcache_hits / Com_select, which counts the cache's hits on MariaDB"
		}
		if u.SinceFlushS >= 0 {
			formula = "Qcache_hits / (Qcache_hits + Qcache_inserts + Qcache_not_cached): the flush reset those counters but not Com_select"
			since, of = "FLUSH STATUS "+upFor2(u.SinceFlushS)+" ago", "SELECTs it looked up"
		}
		if e.QueryCacheDemand() {
			return e.queryCacheDemandText(since) + "."
		}
		bar := ""
		if !e.QueryCacheContended() {
			bar = ", below " + e.Pct(e.T.QueryCacheMinHitRatio)
		}
		s := fmt.Sprintf("Since %s the cache answered %s of %s %s (%s%s, by %s) and stored %s results",
			since, e.N(u.QcacheHits), e.N(u.Selects()), of, e.Pct(u.QcacheHitRatio()), bar, formula, e.N(u.QcacheInserts))
		if u.QcacheLowmemPrunes > 0 {
			s += fmt.Sprintf(", %s of them (%s) pruned for lack of room (Qcache_lowmem_prunes)", e.N(u.QcacheLowmemPrunes), e.Pct(u.QcachePruneShare()))
		}
		if !e.QueryCacheContended() {
			return s + ": every SELECT looks it up and every write to a table invalidates its results under one global lock, for few hits."
		}
		return s + fmt.Sprintf(", and the server has had %s on %s CPUs: "+
			"every SELECT takes the cache's one global lock, and sessions running in parallel queue on it. Measured with MariaDB 10.11 on 2 CPUs, "+
			"turning the cache off gave 1.01-3.18x the throughput at 2-16 sessions in 23 of 25 workloads and counts, whatever the hit ratio "+
			"(0.1-98%%), and lost 1%% and 12%% in the other two (98%% hits); a single session gained 3-30%% from the cache in 7 of 11.",
			e.PeakText(), strconv.FormatFloat(e.qcacheCPUs(), 'f', -1, 64))
	}
	why := "no server status"
	if e.F.HasServer && u.Selects() >= 0 {
		why = fmt.Sprintf("only %s SELECTs since start, fewer than %s", e.N(u.Selects()), e.N(e.T.QueryCacheMinSelects))
		if u.SinceFlushS >= 0 {
			why = fmt.Sprintf("the cache looked up only %s SELECTs since FLUSH STATUS %s ago, fewer than %s", e.N(u.Selects()), upFor2(u.SinceFlushS), e.N(e.T.QueryCacheMinSelects))
		}
	}
	return fmt.Sprintf("Its hit ratio was not measured (%s), and at %s it is above %s: the MySQL 5.7 manual finds caches in the hundreds of megabytes may cost more than they save, and the MariaDB KB keeps it off by default because it does not scale on many cores.",
		why, e.Human(e.F.QueryCacheBytes), e.Human(e.T.QueryCacheMaxBytes))
}

// PeakText says how many sessions the server has had at once and how
// that was read: the peak less the reader's own connections when the
// peak is now (OthersAtPeak).
func (e Env) PeakText() string {
	u := e.F.Usage
	switch {
	case u.ThreadsConnected < 0:
		return fmt.Sprintf("up to %s connections at once (Max_used_connections)", e.N(u.MaxUsedConnections))
	case !u.PeakIsNow():
		return fmt.Sprintf("up to %s connections at once (Max_used_connections; %s connected as it was read)", e.N(u.MaxUsedConnections), e.N(u.ThreadsConnected))
	}
	readers := "the session"
	if u.ReaderConnections > 1 {
		readers = fmt.Sprintf("the %d sessions", u.ReaderConnections)
	}
	return fmt.Sprintf("%s connections at once besides %s that read its status (Max_used_connections %s, reached as it was read)",
		e.N(u.OthersAtPeak()), readers, e.N(u.MaxUsedConnections))
}
