package threads

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/mytune/mytune/profile"
)

// A restore is "loaded" when the loader exits: the data is usable and
// durable through the redo log. It is "settled" when every page the load
// dirtied is written to its tablespace: only then is a clean shutdown
// quick and a shrink of a grown pool or redo log accepted. On a slow disk
// the two are minutes apart (issue 19: on the card bed a 152 MB dump was
// loaded in 27.0 s with a 17G pool and settled 148.0 s later).
const (
	// DirtyPerDumpByteLow/High: bytes of dirty pages a load leaves per byte
	// of dump SQL when the pool holds all of it. Measured once, on the card
	// bed (issue 19's table: myloader 0.10 into MariaDB 10.11, the 152 MB
	// 8-table sysbench dump, 17G pool): 12,150 and 12,152 dirty pages at the
	// loader's exit, 1.31 bytes per byte of SQL. One shape only, so ±20%
	// around it for tables with other rows or more secondary indexes.
	DirtyPerDumpByteLow, DirtyPerDumpByteHigh = 1.05, 1.6
	// DirtyPoolShareLow is the least share of the pool left dirty when the
	// data outgrows it: the stock 128M server in the same run ended the
	// load with 4,617 of 8,192 pages dirty (56%), rounded down to 50%.
	DirtyPoolShareLow = 0.5
	// MaxDirtyPagesPctDefault is innodb_max_dirty_pages_pct's default, 90
	// (MariaDB KB and MySQL 8.0 manual): the most of the pool that stays
	// dirty before the page cleaner flushes at full speed.
	MaxDirtyPagesPctDefault = 90
	// FlushRateShareLow/High: the page writes per second a settling server
	// achieves, as a share of the disk's measured peak random 16K write
	// IOPS. The card bed (100 write IOPS, probed at 90-95) wrote 4,617
	// pages in 50.7 s (91/s) and 12,150 in 148.0 s (82/s) at shutdown
	// (issue 19's table, timed through mariadb-admin: up to a second long);
	// timed by SIGTERM (testdata/settle-fit/, 2026-12-05 01:53-01:58), 821-862
	// pages after 100 small tables in 7.78-8.52 s at a probed 101, 1.04-1.09
	// of it once the shutdown's own time is taken off (a table's first pages
	// lie side by side and merge), and on the fast bed 12,603-12,684 pages
	// in 0.68-0.69 s at a probed 58.6k, about 0.6 of it (the page cleaner,
	// not the disk, sets that pace): 0.6-1.1.
	FlushRateShareLow, FlushRateShareHigh = 0.6, 1.1
	// TableDirtyPagesLow/High is the pages a load leaves dirty for each
	// InnoDB table it creates, besides its rows' (the table's own
	// tablespace: header, insert-buffer bitmap, inode and index root pages;
	// its dictionary and statistics rows), and LoadDirtyPages those of any
	// load (the system tablespace, undo logs, the mysql schema's tables).
	// myloader 0.10 into MariaDB 10.11, tables of 10 sysbench rows (one
	// secondary index) whose rows fit their root pages, stock and advised
	// alike (testdata/settle-fit/): on the fast bed 300 tables left
	// 2,166-2,238 pages dirty and 1,000 tables 6,493 every time, 5.9 a table
	// and 415 besides (the rows' pages at 1.31 bytes a byte of SQL); on the
	// card bed, whose page cleaner wrote some of them during a 19 s load,
	// 100 tables left 817-879, 3.8 a table at the least.
	TableDirtyPagesLow, TableDirtyPagesHigh = 3.8, 6.1
	LoadDirtyPages                          = 415
	// ShutdownSecLow/High is a clean shutdown's own time besides its page
	// writes (closing files, the checkpoint, freeing the pool): MariaDB
	// 10.11 on the fast bed after 300 tables of 10 rows, timed by SIGTERM,
	// 0.16-0.18 s with a 128M pool and 0.30-0.36 s with a 17G one, about
	// 0.03-0.04 s of it the 2,200 pages (testdata/settle-fit/*-0153Z).
	// "Settled" is when a clean shutdown would be done: the page writes and
	// this.
	ShutdownSecLow, ShutdownSecHigh = 0.13, 0.4
)

// flushRateMeasured and shutdownMeasured are what the basis text says was
// measured for FlushRateShare and ShutdownSec (testdata/settle-fit/).
const (
	flushRateMeasured = "about 60% on a fast disk, 104–109% on the card bed"
	shutdownMeasured  = "0.16–0.36 s measured after loads that left little to write"
)

// estimateSettled adds to the load estimate the time until a clean
// shutdown would be done: the writes of the pages the load left dirty and
// the shutdown's own ShutdownSec. The pages: from the
// dump size, its tables (TableDirtyPages, LoadDirtyPages) and the pool the
// load ran with (DirtyPerDumpByte while it holds the data,
// else DirtyPoolShareLow to innodb_max_dirty_pages_pct of the pool), at
// FlushRateShare of the peak random-write IOPS measured, or, buffered
// (data files through the page cache) and while the pool holds the load
// (where it was measured), as bufferedFlush with copies writes of each
// page's bytes (neighbors: with innodb_flush_neighbors on). Zero when the
// load estimate, the dump size or the random-write curve is missing.
func estimateSettled(p *profile.Profile, loaded DurationRange, b pool, maxDirtyPct float64, buffered, neighbors bool, copies float64) DurationRange {
	return settleRange(p, loaded, b, maxDirtyPct, buffered, neighbors, copies, true)
}

// estimateWritten is estimateSettled for a server that keeps running:
// until its page cleaner has written the load's pages, no shutdown
// counted (what an undo that must wait for them waits for).
func estimateWritten(p *profile.Profile, loaded DurationRange, b pool, maxDirtyPct float64, buffered, neighbors bool, copies float64) DurationRange {
	return settleRange(p, loaded, b, maxDirtyPct, buffered, neighbors, copies, false)
}

// settleRange is estimateSettled, with the clean shutdown's own time
// (shutdown) or without it; the ends rounded outward (writtenRange).
func settleRange(p *profile.Profile, loaded DurationRange, b pool, maxDirtyPct float64, buffered, neighbors bool, copies float64, shutdown bool) DurationRange {
	if loaded.IsZero() || p.Dump == nil || p.Dump.TotalBytes == 0 {
		return DurationRange{}
	}
	iops := peakRandBytesPerSec(p.Storage, MaxThreads) / PageBytes
	if iops <= 0 {
		return DurationRange{}
	}
	pLo, pHi, holds, how := dirtyPages(p.Dump, b, maxDirtyPct)
	fLo, fHi := pLo/(iops*FlushRateShareHigh), pHi/(iops*FlushRateShareLow)
	rate := fmt.Sprintf("at %.0f–%.0f%% of the disk's %s random 16K writes/s, its peak (%s measured while settling: testdata/settle-fit/)",
		FlushRateShareLow*100, FlushRateShareHigh*100, kilo(iops), flushRateMeasured)
	if buffered && holds {
		if bLo, bHi, bHow := bufferedFlush(p.Storage, pLo, pHi, copies, neighbors); bHi > 0 {
			fLo, fHi, rate = bLo, bHi, bHow
		}
	}
	writes := fmt.Sprintf("%s–%s of page writes, %s–%s dirty pages %s", plainSeconds(fLo), plainSeconds(fHi), kilo(pLo), kilo(pHi), rate)
	if !shutdown {
		lo, hi := writtenRange(loaded.Low.Seconds()+fLo, loaded.High.Seconds()+fHi)
		return DurationRange{Low: lo, High: hi, Basis: fmt.Sprintf("loaded, then %s; dirty pages: %s", writes, how)}
	}
	sLo, sHi := fLo+ShutdownSecLow, fHi+ShutdownSecHigh
	lo, hi := writtenRange(loaded.Low.Seconds()+sLo, loaded.High.Seconds()+sHi)
	return DurationRange{Low: lo, High: hi,
		Basis: fmt.Sprintf("loaded, then %s–%s until a clean shutdown is done: %s, and the shutdown's own %.2f–%.1f s (%s, MariaDB 10.11: testdata/settle-fit/); dirty pages: %s",
			plainSeconds(sLo), plainSeconds(sHi), writes, ShutdownSecLow, ShutdownSecHigh, shutdownMeasured, how)}
}

// writtenRange rounds a range of seconds outward, as the estimate's ends
// are (rangeOf): the low end down, the high end up.
func writtenRange(lo, hi float64) (time.Duration, time.Duration) {
	l, h := time.Duration(lo*float64(time.Second)), time.Duration(hi*float64(time.Second))
	l = l.Truncate(secondsUnit(l))
	if u := secondsUnit(h); h%u != 0 {
		h = h.Truncate(u) + u
	}
	return l, h
}

// dirtyPages is the range of pages a load of dump d leaves dirty in pool
// b, whether the pool holds the load, and how it was reckoned.
func dirtyPages(d *profile.Dump, b pool, maxDirtyPct float64) (pLo, pHi float64, holds bool, how string) {
	lo, hi := dumpInnoDBSQLBytes(d)
	tLo, tHi := tableDirtyPages(d)
	dLo, dHi := lo*DirtyPerDumpByteLow+tLo*PageBytes, hi*DirtyPerDumpByteHigh+tHi*PageBytes
	how = fmt.Sprintf("%.3g–%.3g bytes of them per byte of SQL while %s holds the load (1.31 measured on the card bed)", DirtyPerDumpByteLow, DirtyPerDumpByteHigh, b.describe())
	if tHi > 0 {
		how += fmt.Sprintf(", and %d of any load and %.1f–%.1f for each of its %s (testdata/settle-fit/)",
			LoadDirtyPages, TableDirtyPagesLow, TableDirtyPagesHigh, count(innodbTables(d), "InnoDB table"))
	}
	holds = b.bytes > 0
	if b.bytes > 0 {
		capB := float64(b.bytes) * maxDirtyPct / 100
		if dHi > capB {
			dLo, dHi, holds = min(dLo, float64(b.bytes)*DirtyPoolShareLow), capB, false
			how = fmt.Sprintf("the load outgrows %s, so %.0f–%.0f%% of it: %.0f%% is innodb_max_dirty_pages_pct, 56%% was measured on the card bed",
				b.describe(), DirtyPoolShareLow*100, maxDirtyPct, maxDirtyPct)
		}
	}
	return dLo / PageBytes, dHi / PageBytes, holds, how
}

// tableDirtyPages is the range of pages a load of d leaves dirty besides
// its rows': LoadDirtyPages and TableDirtyPages for each InnoDB table, none
// when it creates no InnoDB table.
func tableDirtyPages(d *profile.Dump) (lo, hi float64) {
	n := float64(innodbTables(d))
	if n == 0 {
		return 0, 0
	}
	return LoadDirtyPages + TableDirtyPagesLow*n, LoadDirtyPages + TableDirtyPagesHigh*n
}

// innodbTables is how many of the dump's tables load into InnoDB.
func innodbTables(d *profile.Dump) int {
	other, _, _ := d.NonInnoDB()
	return max(d.Tables-other, 0)
}

// varSets are the variable sets a load's settings are read from, first
// wins: the advised my.cnf's, the live server's, the given my.cnf's.
func varSets(p *profile.Profile, o Options) []map[string]string {
	sets := []map[string]string{o.Advised}
	if p.Server != nil {
		sets = append(sets, p.Server.Variables)
	}
	if p.MyCnf != nil {
		sets = append(sets, p.MyCnf.Variables)
	}
	return sets
}

// maxDirtyPctOf is innodb_max_dirty_pages_pct as the load will run with
// it (the advised value, else the server's, else the my.cnf's), else its
// the target's default (maxDirtyDefault).
func maxDirtyPctOf(p *profile.Profile, o Options) float64 {
	for _, vars := range varSets(p, o) {
		if v, err := strconv.ParseFloat(strings.TrimSpace(vars["innodb_max_dirty_pages_pct"]), 64); err == nil && v > 0 && v <= 100 {
			return v
		}
	}
	return maxDirtyDefault(targetOf(p, o))
}

// SettleCheck is the query that tells a load has settled.
const SettleCheck = "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'"

// RestartUndoes opens the Setting.UndoWhen of a grown pool or redo log
// when the plan restarts the server after the load (bufferedSetting): the
// restart brings the my.cnf's value back with no wait; run in a running
// server, the undo waits for the page cleaner, which writes the pages at
// innodb_io_capacity's pace even through the page cache (settleSteps
// follows it).
const RestartUndoes = "not needed if the server restarts after the load (the page-cache setting first in this list): the restart brings back the my.cnf's value; " +
	"in a running server instead: "

// restartWhen is RestartUndoes with the running server's wait: the pages
// written one by one (direct, the settled estimate without the page cache),
// counted from the loaded end (loadEnd).
func restartWhen(loaded, direct DurationRange, analyze bool, steps string) string {
	if loaded.IsZero() || direct.IsZero() {
		return RestartUndoes + steps
	}
	return RestartUndoes + steps + afterSteps(waitAfter(loaded, direct, analyze))
}

// settleWhen is the Setting.UndoWhen of a during-load change whose undo
// must wait for the load to settle (shrinking a grown pool or redo log
// first writes every dirty page): the check and the time it takes here,
// counted from the loaded end (loadEnd).
func settleWhen(loaded, settled DurationRange, analyze bool, steps string) string {
	w := "after the load has settled: " + steps
	if settled.IsZero() || loaded.IsZero() {
		return w
	}
	return w + afterSteps(waitAfter(loaded, settled, analyze))
}

// afterSteps joins waitAfter's ", about …" to settleSteps' last SQL
// statement: "…; — about …".
func afterSteps(wait string) string { return " —" + strings.TrimPrefix(wait, ",") }

// waitAfter is ", about X to Y after END on this disk": the settled range
// less the loaded one, from the end of what "loaded" waits for (loadEnd).
func waitAfter(loaded, settled DurationRange, analyze bool) string {
	lo := max(settled.Low-loaded.Low, 0)
	hi := max(settled.High-loaded.High, lo)
	end, endNoun := loadEnd(analyze)
	if hi < time.Second {
		return ", within a second of " + endNoun + " on this disk"
	}
	return fmt.Sprintf(", about %s to %s after %s on this disk", plainSeconds(lo.Seconds()), plainSeconds(hi.Seconds()), end)
}

// loadEnd is the end the loaded estimate counts to, as a clause and as a
// noun: the loader's exit, or, when the plan prints the mysqlcheck
// --analyze line after it (statsrecalc.go), that line's end.
func loadEnd(analyze bool) (clause, noun string) {
	if analyze {
		return "the mysqlcheck line after the loader is done", "the mysqlcheck line's end"
	}
	return "the loader exits", "the loader's exit"
}

// plainSeconds says a span the way the estimate's ends are rounded.
func plainSeconds(s float64) string {
	return seconds(s).String()
}
