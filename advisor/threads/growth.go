package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// Assumptions of the time a restore's sessions wait while InnoDB grows the
// tablespaces of the tables they fill (docs/benchmarks/estimate.md, "The
// latency bed's cost per table"):
const (
	// ExtendSyncsPerTable is how many data-file syncs a restore pays per
	// table it fills, whatever its rows: InnoDB grows a new file-per-table
	// tablespace a few pages at a time until its first extents, and syncs
	// the file twice after each growth (MariaDB's
	// fil_space_extend_must_retry, storage/innobase/fil/fil0fil.cc:
	// os_file_set_size, then os_file_flush and, for a user tablespace,
	// fil_space_t::flush_low), about 53 growths. Read from the server, not fitted to
	// times: Innodb_data_fsyncs rose by 3,417, 3,343 and 3,403 over three one-thread
	// loads of many32x4 (32 sysbench tables × 25k rows, a secondary index
	// each) into MariaDB 10.11.19 on the latency bed, 106 per table, with
	// innodb_stats_auto_recalc ON or OFF alike and no page flushed during
	// the load (Innodb_buffer_pool_pages_flushed 0). At one thread the fit
	// shapes ran 0.45 s per chunk (1.34 s per table) beyond the CPU's time,
	// about 121 of the 10.9-11.3 ms commits their probes read
	// (testdata/latency-fit/). Measured on 25k-100k-row tables: a table too
	// small to grow 53 times pays less (not measured).
	ExtendSyncsPerTable = 106
	// SyncParallelFast and SyncParallelSlow are how the growth's waits
	// shrink with the sessions filling different tables at once: ÷
	// min(threads, tables)^x, the most overlap the latency fit measured at
	// the fast end and the least at the slow end. The syncs share one
	// file-system journal, so they do not overlap fully: in the fit's
	// medians, beyond the CPU's time (12.7 s at one thread, 6.3-6.4 at 4,
	// 5.6 at 16 for 32 tables), many32x4's growth shrank 4^0.46 at 4
	// threads and 16^0.60 at 16, sysbench8's 4^0.36 at 4 (at 16 it hides
	// behind the CPU). One exponent between (0.5, until 2026-12-03) left
	// two of the fit's 20 runs above the slow end (TestLatencyFit).
	SyncParallelFast = 0.60
	SyncParallelSlow = 0.36
	// CreateDataSyncs is the data-file syncs creating a table with one
	// secondary index and committing its first rows cost: 7.3 a table,
	// Innodb_data_fsyncs over loading 200 sysbench tables of 10 rows on the
	// card bed (testdata/table-io-fit-strict/; docs/benchmarks/estimate.md,
	// "Tables under one extent"). growthCost adds it to the growth rules'
	// count, which starts after CREATE TABLE, so that the count is the one
	// ExtendSyncsPerTable was read as (the load's every data-file sync).
	CreateDataSyncs = 7.3
)

// growthCost is the time the restore's sessions wait on growing the
// tablespaces of the dump's InnoDB tables, fast and slow: their growth
// syncs (innoDBGrowth: ExtendSyncsPerTable a table, fewer for tables of
// under FirstExtentBytes of pages, never more: the larger tables' extra syncs are the
// write-I/O term's, not fitted to this one's times) at the probe's 16K
// write + fdatasync p50, ÷
// min(threads, tables)^SyncParallelFast (the fast end) or
// ^SyncParallelSlow (the slow end); 0 when the latency or the tables are
// unknown. A disk that syncs in a tenth of a millisecond pays a few
// hundredths of a second, left out (below 0.1 s at the slow end); one whose every write
// waits milliseconds (a network volume, the latency bed) pays seconds per
// table. calibratedEstimate does not add it (whether the calibration's
// sampled rate carries it is not measured).
func growthCost(s profile.Storage, d *profile.Dump, threads int) (fast, slow float64, text string) {
	lat := s.Fsync.P50US / 1e6
	if lat <= 0 || d.Tables <= 0 {
		return 0, 0, ""
	}
	g, fewest, byRules, reversed := loadGrowth(d)
	if g.tables <= 0 {
		return 0, 0, ""
	}
	par := float64(min(max(threads, 1), g.tables))
	fast, slow = fewest*lat/math.Pow(par, SyncParallelFast), g.syncs*lat/math.Pow(par, SyncParallelSlow)
	if par == 1 { // one session's syncs, one after another: the slow end at the commit p50 ÷ the quiet spread, as fixedCost pays its writes
		slow /= QuietSpreadShare
	}
	if slow < 0.1 { // a fast disk's few hundredths of a second: left out, text and time alike
		return 0, 0, ""
	}
	how, each := smallTablesText(g), syncsText(g.each())
	if fewest < g.syncs {
		each = syncsText(fewest/float64(g.tables)) + "–" + each
	}
	if byRules {
		how = fmt.Sprintf(" (by MariaDB's growth rules on the pages the row model gives its indexes, with the %.2g of a table's creation%s%s)", CreateDataSyncs, partitionsText(d), boundariesText(fewest < g.syncs, reversed))
	}
	if par == 1 {
		return fast, slow, fmt.Sprintf("; growing the tablespaces: %s × %s data-file syncs%s at %s (the probe's commit p50; ÷ %.2f at the slow end, the host's quiet spread), one session = %s, overlapping the rest at the fast end, after it at the slow end",
			growthTables(d, g), each, how, micros(s.Fsync.P50US), QuietSpreadShare, secsRange(fast, slow))
	}
	return fast, slow, fmt.Sprintf("; growing the tablespaces: %s × %s data-file syncs%s at %s (the probe's commit p50) ÷ %.0f^%.2f–%.0f^%.2f sessions at once = %s, overlapping the rest at the fast end, after it at the slow end",
		growthTables(d, g), each, how, micros(s.Fsync.P50US), par, SyncParallelFast, par, SyncParallelSlow, secsRange(fast, slow))
}

// loadGrowth is the data-file syncs a load pays its InnoDB tables: by
// MariaDB's growth rules (ruleGrowth) plus CreateDataSyncs a table when
// every table was sized, true, the most of the two ways ruleGrowthBoth
// counts them in g and the fewest as fewest (reversed: the boundaries
// between a table's files gave the fewer); else innoDBGrowth's count, at
// most ExtendSyncsPerTable a table, either way.
func loadGrowth(d *profile.Dump) (g tableGrowth, fewest float64, byRules, reversed bool) {
	if lo, hi, tables, rev, ok := ruleGrowthBoth(d); ok { // the tables' creation; their further partitions' is fixedCost's (partitionSyncs)
		created := float64(tables) * CreateDataSyncs
		return tableGrowth{tables: tables, syncs: hi + created}, lo + created, true, rev
	}
	g = innoDBGrowth(d, ExtendSyncsPerTable)
	return g, g.syncs, false, false
}

// growthTables names the tables that grow: the dump's tables, or its
// InnoDB ones when some are in other engines; with the largest counted at
// their own size when they were.
func growthTables(d *profile.Dump, g tableGrowth) string {
	what := dumpTables(d)
	if g.tables != d.Tables {
		what = count(g.tables, "InnoDB table")
	}
	if g.top > 0 && g.top < g.tables {
		what += fmt.Sprintf(" (the %d largest each at its own size, the rest at their average; on average)", g.top)
	}
	return what
}

// syncsText renders a per-table sync count: whole from 10, else to two
// significant figures (0.013 a table is not 0.0).
func syncsText(n float64) string {
	if n >= 10 {
		return fmt.Sprintf("%.0f", n)
	}
	return fmt.Sprintf("%.2g", n)
}

// smallTablesText says why an average table pays fewer than
// ExtendSyncsPerTable (tables of under FirstExtentBytes of pages pay in
// proportion: a table of 10 rows grows no file; tiny2k's 2000 such tables
// made 7-8 fsyncs a table in all, their creation and commit included,
// testdata/table-cost-observed/).
func smallTablesText(g tableGrowth) string {
	if g.each() >= ExtendSyncsPerTable {
		return ""
	}
	return fmt.Sprintf(" (~%s of pages a table on average, under the %s first extent InnoDB grows a page at a time: in proportion to %d)",
		profile.HumanBytes(uint64(g.avgPages)), profile.HumanBytes(FirstExtentBytes), ExtendSyncsPerTable)
}
