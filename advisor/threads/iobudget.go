package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// Assumptions of the write I/Os a restore makes while its data stays in the
// pool, each fitted to the fit shapes on the card bed (100 write IOPS, 20
// MB/s; testdata/card-io-fit/, docs/benchmarks/estimate.md, "Where the
// card's writes go"): the bed's blkio cgroup counted 456-564 write I/Os for
// few2 (2 tables), 959-1026 for sysbench8 (8) and 2508-2668 for many32x4
// (32), the same ~152 MB of SQL and ~205 MB written each time, with no page
// written (Innodb_data_writes 0): the tablespaces' growth, not the bytes,
// made the difference, and at 100 I/Os a second many32x4 took 26.2-27.4 s
// where its 205 MB alone take 10.3.
const (
	// GrowthSyncsPer4x is how many more data-file syncs a table pays for
	// each 4x of loaded size past ExtendRefTableMiB (InnoDB grows a larger
	// tablespace in larger steps, so the count grows with the log of the
	// size): Innodb_data_fsyncs per table over the card-bed loads were
	// 103-105 at 14.2 MiB per table (many32x4), 140-141 at 57 MiB
	// (sysbench8) and 180-182 at 227 MiB (few2): 105 + 37 per 4x gives 142
	// and 179.
	GrowthSyncsPer4x = 37
	// ExtendRefTableMiB is the loaded size per table up to which a table
	// pays ExtendSyncsPerTable syncs: many32x4's ~455 MiB of InnoDB data
	// over its 32 tables.
	ExtendRefTableMiB = 14.2
	// FirstExtentBytes is the size up to which InnoDB grows a new
	// file-per-table tablespace one page at a time: its first extent, 64
	// pages of 16 KiB (FSP_EXTENT_SIZE, 1 MiB for page sizes up to 16K).
	// MariaDB's fsp_alloc_free_page extends a single-table tablespace
	// smaller than an extent by the page it needs
	// (fsp_try_extend_data_file_with_pages, storage/innobase/fsp/fsp0fsp.cc),
	// a growth and its syncs each; from the first extent on it grows an
	// extent at a time (4 from 32 MiB: fsp_get_pages_to_extend_ibd). So a
	// table pays growth syncs in proportion to its pages up to one extent,
	// and about ExtendSyncsPerTable from there: many32x4 at 6,000 rows a
	// table (3.4 MiB on the fit's scale, about 1.5 MiB of pages) paid 100
	// (testdata/card-io-fit/); tiny2k's 10-row tables, a page or two, 7-8
	// fsyncs a table with their creation and commit
	// (testdata/table-cost-observed/). Until 2026-12-04 15:00 a table paid in
	// proportion below 3.4 MiB on the fit's scale (GrowthFlatFromMiB, the
	// smallest measured paying as many): held-out sweep 21's tables of 2000
	// rows paid about 59 where that gave 37.
	FirstExtentBytes = 64 << 14
	// IOsPerSyncLow/High are the disk's write I/Os per data-file sync of a
	// growing tablespace. Refitted 2026-12-04 on the same card-bed runs
	// when the tables' creation (TableWriteIOs) and the files' commits
	// (FileCommitIOs) entered the count: the runs' I/Os less those and
	// LoadIOsPerDumpMB's, over their growth syncs, were 0.41-0.50 for
	// many32x4, sysbench8 and many32x4 at 6k and 12k rows (14 runs) and
	// 0.33-0.65 for few2 (its 361 syncs weigh little beside its bytes).
	// Until then (13 I/Os a table, the commits in the intercept): 0.5-0.62.
	IOsPerSyncLow, IOsPerSyncHigh = 0.40, 0.50
	// IOsPerRuleSyncLow/High are the same per sync MariaDB's growth rules
	// count (ruleGrowth: a dump whose tables were all sized), fitted on the
	// card and hdd beds' fit cells of sized dumps (card-index-fit,
	// growth-sync-fit, io-fit-midsize, row-shapes): the runs' I/Os less the
	// tables' creation (TableWriteIOs' middle), the commits' and
	// LoadIOsPerDumpMB's, over the rules' count, 0.481-0.605 in 13 of 14
	// cells (0.704 where the rules count 19% under: narrowix's tables of
	// 5,000 rows); over the measured count 0.467-0.587. Re-fitted
	// 2026-12-05 12:43 when the rules took the bulk-insert path's order
	// (bulkShare); 0.44-0.58 before.
	IOsPerRuleSyncLow, IOsPerRuleSyncHigh = 0.48, 0.61
	// IOsPerRuleSyncOneLow/High are IOsPerRuleSync* when one session
	// loads (a mysqldump file through the mysql client, or one load
	// thread): its data-file syncs share no journal commit with another
	// session's. Fitted on testdata/mysqldump-fit/ (one session's mysqldump
	// loads, 2026-12-05 21:11-21:18 UTC): 0.89-0.91 write I/Os a measured
	// sync on the card and hdd beds (see the ledger for the band).
	// Re-fitted 2026-12-05 23:16 once the file's DROP TABLE syncs were
	// counted on their own (dropSyncs; they had been in these): the low end
	// up to 0.679, the high end from 0.715 hold every run; 0.70-0.82
	// before. Re-fitted again 2026-12-06 with the DROP TABLE syncs at
	// DropSyncIOs each, on mysqldump-fit and binlog-sync-fit's skipped
	// loads (25 tables of 1,000 rows among them): 0.55-0.68 (0.66-0.74 with
	// the DROPs at one I/O a sync left those tables 8 I/Os a table short).
	IOsPerRuleSyncOneLow, IOsPerRuleSyncOneHigh = 0.55, 0.68
	// IOsPerRuleSyncOneRelaxedLow/High are the same when the commits do
	// not sync (innodb_flush_log_at_trx_commit = 2): fitted on
	// testdata/mysqldump-fit-relaxed/ (the strict fit's shapes, relaxed,
	// on the card and hdd beds, 2026-12-05 21:44-21:48 UTC), re-fitted with
	// the DROP TABLE syncs on their own: the low end up to 0.528, the high
	// end from 0.594 hold every run (0.58-0.66 before); again with them at
	// DropSyncIOs (the DDL log's syncs do not wait on the commits): up to
	// 0.443 and from 0.521.
	IOsPerRuleSyncOneRelaxedLow, IOsPerRuleSyncOneRelaxedHigh = 0.44, 0.53
	// LoadIOsPerDumpMB is the write I/Os per MB of SQL besides the syncs
	// and the creation: that line's intercept, 282 I/Os for 152 MB: the
	// redo log written in large writes (205 MB in 22-225 log writes, split
	// into the device's largest requests).
	LoadIOsPerDumpMB = 1.8
	// TableWriteIOsLow/High are the write I/Os of creating one table and
	// committing its first data file, whatever its rows, when commits sync
	// the log (innodb_flush_log_at_trx_commit = 1): the data dictionary's
	// and the DDL log's writes and syncs, the new tablespace's and its
	// directory's syncs, the commit's log write and sync, each with the
	// file system's journal commits. Counted by the bed's blkio cgroup,
	// less what the SQL and the growth syncs count: 2000 sysbench tables of
	// 10 rows, one file each (testdata/table-cost-observed/, 2026-12-04
	// 09:28, fast bed), 21.1-21.2 a table at 1 thread, 19.5 at 4 and
	// 18.5-19.3 at 16; 200 such tables on the card bed
	// (testdata/table-io-fit-strict/, 14:08), 21.0-21.1 at 1, 19.0-19.1 at 4,
	// 18.8-19.1 at 8 and 18.4-18.9 at 16 (sessions share some log syncs);
	// 1000 one-row tables on the fast bed (testdata/table-io-fit-onerow/,
	// 15:27) 18.0-18.1 at 1, 17.7 at 4 and 16.6-16.8 at 16 (a log write a
	// table fewer: a one-row table queues no statistics recalculation,
	// statsrecalc.go); 200 one-row tables on the card bed
	// (testdata/table-io-fit-onerow-card/, 20:56) 18.1-18.2 at 1, 16.7-16.8 at 8
	// and 16.2-16.3 at 16. Until 2026-12-04 the floor counted none and
	// fixedCost added 13 synchronous writes a table on top; 16.6 until the
	// card bed's one-row tables.
	TableWriteIOsLow, TableWriteIOsHigh = 16.2, 21.2
	// PartitionWriteIOsLow and PartitionWriteIOsHigh are the write I/Os
	// creating a partitioned table's tablespace beyond its first costs,
	// fewest and most (fitted on testdata/partition-create-fit/: see the
	// ledger).
	PartitionWriteIOsLow, PartitionWriteIOsHigh = 10.0, 12.0
	// PartitionWriteIOsRelaxedLow/High are the same when commits do not
	// sync (innodb_flush_log_at_trx_commit = 2): fitted on
	// testdata/partition-create-fit-relaxed/ (the strict fit's sizes on the
	// card bed and one on the hdd bed): 4.0-9.7, 6.0-8.0, 6.2-8.3 and
	// 5.6-7.9 a further partition (see the ledger); the low end 5.7 (6.0
	// until the growth rules counted the boundaries between a table's
	// files, BoundaryPages: the hdd bed's lowest run, 872 write I/Os, then
	// leaves 5.73 a partition).
	PartitionWriteIOsRelaxedLow, PartitionWriteIOsRelaxedHigh = 5.7, 7.0
	// TableWriteIOsRelaxedLow/High are the same when commits do not sync
	// (innodb_flush_log_at_trx_commit = 2 on a buffered log): the card
	// bed's 200 tables (testdata/table-io-fit-relaxed/, 14:17) made 3,006-3,029
	// write I/Os at 1 to 16 sessions alike, 14.7-14.8 a table.
	TableWriteIOsRelaxedLow, TableWriteIOsRelaxedHigh = 14.7, 14.8
	// FileCommitIOs is the write I/Os of one data file's commit when it
	// syncs the log (innodb_flush_log_at_trx_commit = 1): one table in
	// 16,669 files of 6 rows, 22.9 MB of SQL (testdata/file-fit/,
	// 2026-12-04 09:32, fast bed), made 41,221-41,232 write I/Os at one
	// thread, 2.47 a file beyond the SQL's 41. Sessions share the log's
	// syncs: 25,622-25,746 at 4 threads and 9,231-9,239 at 16, against
	// 16,669 × 2.47 ÷ 4^0.60–4^0.36 = 17.9k-25.0k (2.5% above it) and ÷
	// 16^0.60–16^0.36 = 7.8k-15.2k (SyncParallelFast/Slow, the growth's
	// exponents).
	FileCommitIOs = 2.47
)

// ioBudgetCost is the time the disk's write-I/O budget puts under the
// restore at threads sessions whose commits wait as wait says: the write
// I/Os it makes (loadWriteIOs) at the highest random 16K write rate the
// probe measured. A disk that caps its operations per second (an SD card,
// a throttled volume) spends it on the file system's journal commits,
// however few bytes they carry. 0 when the disk's write rate or the
// dump's tables are unknown.
func ioBudgetCost(s profile.Storage, d *profile.Dump, threads, wait int) (lo, hi float64, text string) {
	iops := peakRandBytesPerSec(s, math.MaxInt32) / PageBytes
	if iops <= 0 || d == nil || d.Tables <= 0 {
		return 0, 0, ""
	}
	ioLo, ioHi, parts := loadWriteIOs(s, d, threads, wait)
	lo, hi = ioLo/iops, ioHi/iops
	return lo, hi, fmt.Sprintf("; write I/Os: %s = %s–%s I/Os at %s writes/s (the measured peak) = %s, the floor of the disk's time",
		parts, kilo(ioLo), kilo(ioHi), kilo(iops), secsRange(lo, hi))
}

// loadWriteIOs is the write I/Os a restore makes while its data stays in
// the pool, fewest and most, and what they are: LoadIOsPerDumpMB per MB of
// SQL, IOsPerSync per growth sync of the InnoDB tablespaces
// (innoDBGrowth), TableWriteIOs per table and PartitionWriteIOs per
// partition beyond a table's first (the Relaxed ones when commits do not
// sync), and FileCommitIOs per data file
// beyond a table's first, shared by the sessions committing at once
// (fileCommitIOs).
func loadWriteIOs(s profile.Storage, d *profile.Dump, threads, wait int) (lo, hi float64, parts string) {
	sqlLo, sqlHi := dumpSQLBytes(d)
	tables := float64(d.Tables)
	tLo, tHi, what := TableWriteIOsLow, TableWriteIOsHigh, "creating one and committing its first file"
	if wait != commitSyncs {
		tLo, tHi, what = TableWriteIOsRelaxedLow, TableWriteIOsRelaxedHigh, "creating one; its commits do not sync"
	}
	sLo, sHi, perLo, perHi, how := floorGrowth(d, threads, wait)
	lo = sqlLo/1e6*LoadIOsPerDumpMB + sLo*perLo + tables*tLo
	hi = sqlHi/1e6*LoadIOsPerDumpMB + sHi*perHi + tables*tHi
	parts = fmt.Sprintf("%s × %.3g–%.3g (%s) + %s data-file syncs growing the tablespaces (%s) × %.2g–%.2g I/Os each + %.1f per MB of SQL",
		dumpTables(d), tLo, tHi, what, kiloRange(sLo, sHi), how, perLo, perHi, LoadIOsPerDumpMB)
	if extra := extraPartitions(d); extra > 0 {
		pLo, pHi := PartitionWriteIOsLow, PartitionWriteIOsHigh
		if wait != commitSyncs {
			pLo, pHi = PartitionWriteIOsRelaxedLow, PartitionWriteIOsRelaxedHigh
		}
		lo, hi = lo+extra*pLo, hi+extra*pHi
		parts += fmt.Sprintf(" + %s beyond each table's first × %.3g–%.3g (creating its tablespace)", count(int(extra), "partition"), pLo, pHi)
	}
	if fLo, fHi, text := fileCommitIOs(d, threads, wait); fHi > 0 {
		lo, hi, parts = lo+fLo, hi+fHi, parts+text
	}
	if drops, text := dropSyncs(d); drops > 0 {
		lo, hi, parts = lo+drops*DropSyncIOs, hi+drops*DropSyncIOs, parts+text+fmt.Sprintf(" × %.3g I/Os a sync", DropSyncIOs)
	}
	return lo, hi, parts
}

// floorGrowth is the growth syncs the write-I/O floor counts, fewest
// (lo) and most (hi) of each table's data files in key order and with
// BoundaryPages between them (ruleGrowthBoth), the write I/Os each at the fewest and most (one
// session's own when threads is 1: IOsPerRuleSyncOne*, the Relaxed pair
// when its commits do not sync), and how they
// were counted: by MariaDB's growth rules (ruleGrowth) when every InnoDB
// table was sized, else by the fit's sizes (innoDBGrowth), one count.
func floorGrowth(d *profile.Dump, threads, wait int) (lo, hi, perLo, perHi float64, how string) {
	if fewest, n, tables, reversed, ok := ruleGrowthBoth(d); ok {
		lo = fewest
		each := syncsText(n / float64(tables))
		if lo < n {
			each = syncsText(lo/float64(tables)) + "–" + each
		}
		perLo, perHi, one := IOsPerRuleSyncLow, IOsPerRuleSyncHigh, ""
		if threads == 1 {
			perLo, perHi, one = IOsPerRuleSyncOneLow, IOsPerRuleSyncOneHigh, "; one session: its syncs share no journal commit"
			if wait != commitSyncs {
				perLo, perHi = IOsPerRuleSyncOneRelaxedLow, IOsPerRuleSyncOneRelaxedHigh
			}
		}
		return lo, n, perLo, perHi, fmt.Sprintf("%s a table by MariaDB's growth rules on the pages the row model gives its indexes%s%s%s", each, partitionsText(d), boundariesText(lo < n, reversed), one)
	}
	g := innoDBGrowth(d, 0)
	return g.syncs, g.syncs, IOsPerSyncLow, IOsPerSyncHigh, syncsText(g.each()) + " a table" + growthSizeText(d, g)
}

// boundariesText says what the growth count's range is, when it is one;
// reversed when the boundaries between a table's files gave the fewer.
func boundariesText(ranged, reversed bool) string {
	if !ranged {
		return ""
	}
	if reversed {
		return fmt.Sprintf("; the fewer with %.2g of a page left part-filled at each boundary between each table's data files, the more with them loaded in key order", BoundaryPages)
	}
	return fmt.Sprintf("; the fewer with each table's data files loaded in key order, the more with %.2g of a page left part-filled at each boundary between them", BoundaryPages)
}

// kiloRange renders lo–hi with kilo, one figure when they round alike.
func kiloRange(lo, hi float64) string {
	if a, b := kilo(lo), kilo(hi); a != b {
		return a + "–" + b
	}
	return kilo(hi)
}

// growthSizeText says on what size the growth syncs were counted.
func growthSizeText(d *profile.Dump, g tableGrowth) string {
	text := fmt.Sprintf(", ~%s loaded on average, on the fit's 3x-the-SQL scale", profile.HumanBytes(uint64(g.avgSize)))
	if g.tables != d.Tables {
		text += fmt.Sprintf("; %d of the tables are not InnoDB and grow none", d.Tables-g.tables)
	}
	if g.top > 0 && g.top < g.tables {
		text += fmt.Sprintf("; the %d largest counted at their own size", g.top)
	}
	return text
}

// fileCommitIOs is the write I/Os of the commits that end the data files
// of a chunked dump beyond each table's first (TableWriteIOs holds that
// one), fewest and most: FileCommitIOs each when the commit syncs the
// log, one log write when it only writes it (commitWrites), none when it
// does neither; ÷ min(threads, files)^SyncParallelFast at the fewest and
// ^SyncParallelSlow at the most (sessions committing at once share a log
// write and sync).
func fileCommitIOs(d *profile.Dump, threads, wait int) (lo, hi float64, text string) {
	extra := d.Chunks - d.Tables
	if d.Format == "mysqldump" || extra <= 0 || wait == commitNoWait {
		return 0, 0, ""
	}
	each, what := FileCommitIOs, fmt.Sprintf("%.2g I/Os (a log write and its sync)", FileCommitIOs)
	if wait == commitWrites {
		each, what = 1, "one log write (innodb_flush_log_at_trx_commit = 2: no sync)"
	}
	par := float64(min(max(threads, 1), d.Chunks))
	all := float64(extra) * each
	lo, hi = all/math.Pow(par, SyncParallelFast), all/math.Pow(par, SyncParallelSlow)
	return lo, hi, fmt.Sprintf(" + the commits of %s beyond each table's first: %s each ÷ %.0f^%.2f–%.0f^%.2f sessions committing at once = %s–%s I/Os",
		count(extra, "data file"), what, par, SyncParallelFast, par, SyncParallelSlow, kilo(lo), kilo(hi))
}

// growthSyncs is the data-file syncs a table pays while InnoDB grows it,
// from its loaded bytes on the fit's scale (fitBytes) and the bytes of its
// pages (realBytes): in proportion to its pages up to FirstExtentBytes,
// ExtendSyncsPerTable from there to ExtendRefTableMiB on the fit's scale,
// plus GrowthSyncsPer4x per 4x beyond.
func growthSyncs(fitBytes, realBytes float64) float64 {
	ref := ExtendRefTableMiB * (1 << 20)
	switch {
	case fitBytes <= 0 || realBytes <= 0:
		return 0
	case realBytes < FirstExtentBytes:
		return ExtendSyncsPerTable * realBytes / FirstExtentBytes
	case fitBytes <= ref:
		return ExtendSyncsPerTable
	}
	return ExtendSyncsPerTable + GrowthSyncsPer4x*math.Log(fitBytes/ref)/math.Log(4)
}
