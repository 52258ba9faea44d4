package rules

import (
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// minUptimeForRateS is the least uptime whose average redo rate is used:
// an hour, so the average spans more than start-up and warm-up (a server up
// for seconds reports its recovery writes, not its load).
const minUptimeForRateS = 3600

// readStatus takes the few status counters the rules use.
func (f *Facts) readStatus(st map[string]string) {
	num := func(k string) float64 {
		x, _ := strconv.ParseFloat(strings.TrimSpace(st[k]), 64)
		return x
	}
	f.UptimeS = num("uptime")
	if f.UptimeS >= minUptimeForRateS {
		f.RedoBytesPerS, f.RedoRateBasis = num("innodb_os_log_written")/f.UptimeS, RedoBasisLifetime
	}
	f.LogWaits = int64(num("innodb_log_waits"))
	f.KeyReads, f.KeyReadRequests = num("key_reads"), num("key_read_requests")
	f.AriaReads, f.AriaReadRequests = num("aria_pagecache_reads"), num("aria_pagecache_read_requests")
	f.PoolFreeShare = -1
	if total := num("innodb_buffer_pool_pages_total"); total > 0 {
		f.PoolFreeShare = num("innodb_buffer_pool_pages_free") / total
		f.PoolDataPageBytes = uint64(num("innodb_buffer_pool_pages_data")) // pages; fill makes them bytes
		f.PoolFreePages, f.PoolTotalPages = num("innodb_buffer_pool_pages_free"), total
	}
	f.readGaleraStatus(st)
	f.PoolEvictedPages = -1
	for _, k := range []string{"innodb_buffer_pool_pages_lru_freed", "innodb_buffer_pool_pages_evicted"} {
		if v, err := strconv.ParseFloat(strings.TrimSpace(st[k]), 64); err == nil {
			f.PoolEvictedPages = max(f.PoolEvictedPages, v)
		}
	}
}

// catchingUp is true for a replica behind its source.
func catchingUp(r *profile.Replication) bool {
	return r != nil && r.Role == profile.RoleReplica && r.LagBeyondDelay() > 0
}

// Redo rate bases (profile.Server.RedoRateBasis, as probe/server writes them).
const (
	RedoBasisSampled  = "sampled"
	RedoBasisLifetime = "lifetime"
)

// readRedoRate prefers the redo rate probe/server measured: a sampled rate
// (what the server writes now) unless the lifetime average readStatus took
// is higher (a sample of seconds taken in a quiet moment does not undo an
// hour's average), a lifetime average only when the server has been up for
// minUptimeForRateS; else the average computed by readStatus stays.
func (f *Facts) readRedoRate(s *profile.Server) {
	if f.UptimeS == 0 {
		f.UptimeS = s.UptimeS
	}
	switch {
	case s.RedoBytesPerS <= 0:
	case strings.HasPrefix(s.RedoRateBasis, RedoBasisSampled) && catchingUp(s.Replication):
		// a replica behind its source replays its backlog as fast as it can: the sample is
		// that, not its load (a replica up 6 s and 201 s behind sampled 20.9 MiB/s)
	case strings.HasPrefix(s.RedoRateBasis, RedoBasisSampled):
		if f.RedoRateBasis == RedoBasisLifetime && f.RedoBytesPerS >= s.RedoBytesPerS {
			return
		}
		f.RedoBytesPerS, f.RedoRateBasis = s.RedoBytesPerS, RedoBasisSampled
	case f.UptimeS >= minUptimeForRateS:
		f.RedoBytesPerS, f.RedoRateBasis = s.RedoBytesPerS, RedoBasisLifetime
	}
}

// readGaleraStatus takes a Galera node's wsrep_cluster_size and
// wsrep_evs_repl_latency ("min/avg/max/stddev/samples" in seconds, over
// the last evs.stats_report_period: the group's latency from a message
// sent to it received, the slowest node's acknowledgement included).
func (f *Facts) readGaleraStatus(st map[string]string) {
	f.GaleraNodes, _ = strconv.Atoi(strings.TrimSpace(st["wsrep_cluster_size"]))
	parts := strings.Split(strings.TrimSpace(st["wsrep_evs_repl_latency"]), "/")
	if len(parts) != 5 {
		return
	}
	avg, err1 := strconv.ParseFloat(parts[1], 64)
	n, err2 := strconv.Atoi(parts[4])
	if err1 == nil && err2 == nil && avg >= 0 && n > 0 {
		f.GaleraReplLatencyS, f.GaleraReplSamples = avg, n
	}
}
