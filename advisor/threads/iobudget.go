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
	// GrowthFlatFromMiB is the smallest table measured paying as many:
	// many32x4 scaled to 12,000 and 6,000 rows a table (6.8 and 3.4 MiB
	// loaded) paid 96 and 100 syncs a table (2026-12-02 15:33-15:38,
	// testdata/card-io-fit/), not fewer in proportion. Below it a table is
	// taken to pay in proportion (a one-row table grows no file; not
	// measured between).
	GrowthFlatFromMiB = 3.4
	// IOsPerSyncLow/High are the disk's write I/Os per data-file sync. The
	// runs' I/Os less the tables' creation (TableSyncIOs each: fixedCost
	// adds those) were 484 for few2 at 360 fsyncs, 890 for sysbench8 at
	// 1125 and 2154 for many32x4 at 3330 (medians): 0.56 per sync between
	// few2 and many32x4 (sysbench8 within 3% of that line); 0.5-0.62 holds
	// every run's count.
	IOsPerSyncLow, IOsPerSyncHigh = 0.5, 0.62
	// LoadIOsPerDumpMB is the write I/Os per MB of SQL besides the syncs
	// and the creation: that line's intercept, 282 I/Os for 152 MB: the
	// redo log written in large writes (205 MB in 22-225 log writes, split
	// into the device's largest requests).
	LoadIOsPerDumpMB = 1.8
)

// ioBudgetCost is the time the disk's write-I/O budget puts under the
// restore: LoadIOsPerDumpMB per MB of SQL plus IOsPerSync per data-file sync
// of the growing tablespaces (growthSyncs per table), at the highest random
// 16K write rate the probe measured; the tables' creation is fixedCost's. A disk that caps its operations per
// second (an SD card, a throttled volume) spends it on the file system's
// journal commits, however few bytes they carry. 0 when the disk's write
// rate or the dump's tables are unknown.
func ioBudgetCost(s profile.Storage, d *profile.Dump) (lo, hi float64, text string) {
	iops := peakRandBytesPerSec(s, math.MaxInt32) / PageBytes
	if iops <= 0 || d == nil || d.Tables <= 0 {
		return 0, 0, ""
	}
	sqlLo, sqlHi := dumpSQLBytes(d)
	perTable := float64(fitScaleBytes(d)) / float64(d.Tables)
	syncs := float64(d.Tables) * growthSyncs(perTable)
	ioLo := sqlLo/1e6*LoadIOsPerDumpMB + syncs*IOsPerSyncLow
	ioHi := sqlHi/1e6*LoadIOsPerDumpMB + syncs*IOsPerSyncHigh
	lo, hi = ioLo/iops, ioHi/iops
	return lo, hi, fmt.Sprintf("; write I/Os: %s × %.0f data-file syncs (growing tablespaces, ~%s each on the fit's 3x-the-SQL scale) × %.2g–%.2g I/Os each, plus %.1f per MB of SQL = %s–%s I/Os at %s writes/s (the measured peak) = %.1f–%.1f s, the floor of the disk's time",
		dumpTables(d), growthSyncs(perTable), profile.HumanBytes(uint64(perTable)), IOsPerSyncLow, IOsPerSyncHigh,
		LoadIOsPerDumpMB, kilo(ioLo), kilo(ioHi), kilo(iops), lo, hi)
}

// growthSyncs is the data-file syncs a table of this many loaded bytes pays
// while InnoDB grows it: ExtendSyncsPerTable from GrowthFlatFromMiB to
// ExtendRefTableMiB, plus GrowthSyncsPer4x per 4x beyond, in proportion
// below.
func growthSyncs(tableBytes float64) float64 {
	flat, ref := GrowthFlatFromMiB*(1<<20), ExtendRefTableMiB*(1<<20)
	switch {
	case tableBytes <= 0:
		return 0
	case tableBytes < flat:
		return ExtendSyncsPerTable * tableBytes / flat
	case tableBytes <= ref:
		return ExtendSyncsPerTable
	}
	return ExtendSyncsPerTable + GrowthSyncsPer4x*math.Log(tableBytes/ref)/math.Log(4)
}
