package rules

import (
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Usage is what the server's status counters say about its use since it
// started: buffer pool misses, the query cache and connections. A counter
// the server did not report is -1, never 0 (0 is a count).
type Usage struct {
	// PoolReads is Innodb_buffer_pool_reads (pages read from disk on a miss),
	// PoolReadRequests Innodb_buffer_pool_read_requests (logical reads).
	PoolReads, PoolReadRequests float64
	// QcacheHits, QcacheInserts, QcacheLowmemPrunes, QcacheNotCached are the
	// Qcache_* counters; ComSelect is Com_select (SELECTs not served by the
	// query cache: MySQL 5.7 manual, "Query Cache Status and Maintenance").
	QcacheHits, QcacheInserts, QcacheLowmemPrunes, QcacheNotCached, ComSelect float64
	// MaxUsedConnections is Max_used_connections; ConnErrorsMax is
	// Connection_errors_max_connections (clients refused at max_connections).
	MaxUsedConnections, ConnErrorsMax float64
	// ThreadsConnected is Threads_connected in the same snapshot (the
	// reader's own sessions among them); ReaderConnections is how many of
	// those were the reader's (profile.Server.ReaderConnections, at least 1).
	ThreadsConnected  float64
	ReaderConnections int
	// ThreadsCreated is Threads_created (threads made because the thread
	// cache had none), Connections the connection attempts since start.
	ThreadsCreated, Connections float64
	// TableCacheHits and TableCacheMisses are Table_open_cache_hits and
	// Table_open_cache_misses (table opens the cache served, or not);
	// TableCacheOverflows is Table_open_cache_overflows (a full cache
	// closed a table to make room).
	TableCacheHits, TableCacheMisses, TableCacheOverflows float64
	// SinceFlushS is Uptime_since_flush_status when FLUSH STATUS has run
	// since the server started (it is then below Uptime), -1 otherwise:
	// the flush reset the Qcache_* counters and set Max_used_connections to
	// the connections open then, but not Com_select (measured on MariaDB
	// 10.11.19: Qcache_hits 199 → 0, Com_select 1102 → 1102).
	SinceFlushS float64
	// ComSelectCountsHits: Com_select counts the query cache's hits too
	// (MariaDB; Selects).
	ComSelectCountsHits bool
}

// readUsage reads the counters of Usage from SHOW GLOBAL STATUS.
func readUsage(st map[string]string) Usage {
	num := func(k string) float64 {
		v, ok := st[k]
		if !ok {
			return -1
		}
		x, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil {
			return -1
		}
		return x
	}
	return Usage{PoolReads: num("innodb_buffer_pool_reads"), PoolReadRequests: num("innodb_buffer_pool_read_requests"),
		QcacheHits: num("qcache_hits"), QcacheInserts: num("qcache_inserts"), QcacheLowmemPrunes: num("qcache_lowmem_prunes"),
		QcacheNotCached: num("qcache_not_cached"), ComSelect: num("com_select"),
		MaxUsedConnections: num("max_used_connections"), ConnErrorsMax: num("connection_errors_max_connections"),
		ThreadsCreated: num("threads_created"), Connections: num("connections"), ThreadsConnected: num("threads_connected"),
		ReaderConnections: 1,
		TableCacheHits:    num("table_open_cache_hits"), TableCacheMisses: num("table_open_cache_misses"),
		TableCacheOverflows: num("table_open_cache_overflows"), SinceFlushS: sinceFlush(num("uptime"), num("uptime_since_flush_status"))}
}

// sinceFlush is Uptime_since_flush_status when it is more than a second
// below Uptime (both whole seconds of one snapshot, equal until a FLUSH
// STATUS), -1 otherwise.
func sinceFlush(uptime, since float64) float64 {
	if uptime < 0 || since < 0 || uptime-since <= 1 {
		return -1
	}
	return since
}

// noUsage is Usage with every counter unknown (no server status).
func noUsage() Usage {
	return Usage{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, -1, -1, -1, -1, -1, -1, false}
}

// usageOf reads the profile's status, or noUsage without a live server.
func usageOf(p profile.Profile) Usage {
	if s := p.Server; s != nil && s.Reachable && len(s.Status) > 0 {
		u := readUsage(s.Status)
		u.ComSelectCountsHits = s.Flavor == profile.FlavorMariaDB
		u.ReaderConnections = max(s.ReaderConnections, 1)
		return u
	}
	return noUsage()
}

// OthersAtPeak is the most connections the server has had at once
// besides the reader's own, -1 when Max_used_connections is unknown: when
// the snapshot's Threads_connected has reached Max_used_connections the
// peak is now and counts the reader's ReaderConnections, which are taken
// off; a peak above Threads_connected came at another time and is kept
// whole (a reader connected then, as an earlier run of mytune, is not
// known). Measured loads (scripts/measure-query-cache.sh) read the peak
// after their sessions left, so there it is the load's own sessions.
func (u Usage) OthersAtPeak() float64 {
	if u.MaxUsedConnections < 0 {
		return -1
	}
	if u.ThreadsConnected >= u.MaxUsedConnections {
		return max(u.MaxUsedConnections-float64(u.ReaderConnections), 0)
	}
	return u.MaxUsedConnections
}

// PeakIsNow is true when Max_used_connections was being reached as the
// status was read (OthersAtPeak took the reader's own off).
func (u Usage) PeakIsNow() bool {
	return u.MaxUsedConnections >= 0 && u.ThreadsConnected >= u.MaxUsedConnections
}

// HitRatio is the buffer pool hit ratio 1 - reads / read requests, -1
// when the counters are unknown or no page was requested.
func (u Usage) HitRatio() float64 {
	if u.PoolReads < 0 || u.PoolReadRequests <= 0 {
		return -1
	}
	return 1 - u.PoolReads/u.PoolReadRequests
}

// QcacheHitRatio is Qcache_hits / Selects(): the share of SELECTs the
// query cache answered, -1 when unknown or no SELECT ran.
func (u Usage) QcacheHitRatio() float64 {
	n := u.Selects()
	if u.QcacheHits < 0 || n <= 0 {
		return -1
	}
	return u.QcacheHits / n
}

// QcachePruneShare is Qcache_lowmem_prunes / Qcache_inserts: the share of
// the results the cache stored that it threw away for lack of room, -1
// when unknown or nothing was stored.
func (u Usage) QcachePruneShare() float64 {
	if u.QcacheLowmemPrunes < 0 || u.QcacheInserts <= 0 {
		return -1
	}
	return u.QcacheLowmemPrunes / u.QcacheInserts
}

// Selects is the SELECTs the server ran, -1 when unknown: Com_select +
// Qcache_hits on MySQL (5.7 manual, "Query Cache Status and Maintenance":
// Com_select leaves out what the cache answered), Com_select alone on
// MariaDB, which counts the cache's hits in it (measured on 10.11.19,
// scripts/measure-query-cache.sh: Com_select 367,924 = 359,992 hits +
// 7,928 inserts; mytune read that as 49.5% hits where 97.8% were).
//
// After a FLUSH STATUS (SinceFlushS ≥ 0) the Qcache counters start again
// while Com_select does not, so the SELECTs are those the cache looked up
// since then: Qcache_hits + Qcache_inserts + Qcache_not_cached (MySQL 5.7
// manual, "Query Cache Status and Maintenance": Com_select = Qcache_inserts
// + Qcache_not_cached + errors). SELECTs the cache never looks up are not
// in it (on MariaDB 10.11.19, 300 information_schema SELECTs beside 300
// cached and 300 SQL_NO_CACHE ones: Com_select 902, inserts + not cached
// 600), so the ratio can read high.
func (u Usage) Selects() float64 {
	if u.SinceFlushS >= 0 {
		if u.QcacheHits < 0 || u.QcacheInserts < 0 || u.QcacheNotCached < 0 {
			return -1
		}
		return u.QcacheHits + u.QcacheInserts + u.QcacheNotCached
	}
	if u.QcacheHits < 0 || u.ComSelect < 0 {
		return -1
	}
	if u.ComSelectCountsHits {
		return max(u.ComSelect, u.QcacheHits)
	}
	return u.QcacheHits + u.ComSelect
}
