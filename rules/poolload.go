package rules

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The buffer pool's start-up load (innodb_buffer_pool_load_at_startup,
// on by default in MariaDB 10.2+ and MySQL 5.7+) reads back the pages the
// last shutdown listed in ib_buffer_pool, and each of those reads counts
// in Innodb_buffer_pool_reads as a miss would. Measured on MariaDB
// 10.11.19 (128M pool, 8,112 pages, innodb_buffer_pool_dump_pct 25): the
// shutdown listed 2,028 pages (25% of 8,112), and 8 s after the next start,
// with no client, Innodb_buffer_pool_reads stood at 2,181 against 801 page
// requests (docs/benchmarks/live-server.md, "The start-up load's reads").

// PoolLoadPagesMax is the most pages the start-up load can have read:
// innodb_buffer_pool_dump_pct (100 when not reported) of the pool's
// Innodb_buffer_pool_pages_total, when innodb_buffer_pool_load_at_startup
// is ON; 0 otherwise or when unknown.
func (e Env) PoolLoadPagesMax() float64 {
	if !strings.EqualFold(strings.TrimSpace(e.F.Raw["innodb_buffer_pool_load_at_startup"]), "ON") || e.F.PoolTotalPages <= 0 {
		return 0
	}
	pct := 100.0
	if v, err := strconv.ParseFloat(strings.TrimSpace(e.F.Raw["innodb_buffer_pool_dump_pct"]), 64); err == nil && v > 0 && v <= 100 {
		pct = v
	}
	return math.Floor(e.F.PoolTotalPages * pct / 100)
}

// PoolMissesBeyondLoad is Innodb_buffer_pool_reads less what the start-up
// load can have read (PoolLoadPagesMax), at least 0; -1 when unknown.
func (e Env) PoolMissesBeyondLoad() float64 {
	if e.F.Usage.PoolReads < 0 {
		return -1
	}
	return max(e.F.Usage.PoolReads-e.PoolLoadPagesMax(), 0)
}

// PoolHitRatioBeyondLoad is the buffer pool hit ratio with the start-up
// load's reads left out of the misses (PoolMissesBeyondLoad), -1 when
// unknown or no page was requested.
func (e Env) PoolHitRatioBeyondLoad() float64 {
	u := e.F.Usage
	if u.PoolReads < 0 || u.PoolReadRequests <= 0 {
		return -1
	}
	return 1 - e.PoolMissesBeyondLoad()/u.PoolReadRequests
}

// poolLoadText says how many of the reads the start-up load may account
// for, to follow a count of reads; "" when it did not run.
func (e Env) poolLoadText() string {
	n := e.PoolLoadPagesMax()
	if n <= 0 || e.F.Usage.PoolReads <= 0 {
		return ""
	}
	return fmt.Sprintf(", up to %s of them by the start-up load, which reads back innodb_buffer_pool_dump_pct of the pool's %s pages and counts them as misses",
		e.N(min(n, e.F.Usage.PoolReads)), e.N(e.F.PoolTotalPages))
}

// poolLoadBeside says the start-up load's share beside a count of reads
// that exceeds the pool even without it, "" when the load did not run.
func (e Env) poolLoadBeside() string {
	if n := e.PoolLoadPagesMax(); n > 0 {
		return fmt.Sprintf(" even without the up to %s its start-up load read", e.N(n))
	}
	return ""
}
