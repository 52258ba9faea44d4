package threads

import (
	"fmt"
	"time"

	"github.com/mytune/mytune/profile"
)

// Assumptions of the load estimate, each fitted to the restores of
// scripts/bench-restore.sh (myloader 0.10 into MariaDB 10.11, sysbench
// dumps; docs/benchmarks/restore-matrix.md, "Restore matrix"):
const (
	// PageBytes is the InnoDB page the random-write curve is measured in.
	PageBytes = 16 << 10
	// SeqAmpLow/High: disk bytes written per byte of dump SQL, paid at the
	// measured sequential write rate while the data outgrows the pool:
	// redo, doublewrite and the pages themselves. Measured on the bw bed:
	// 3.9-4.4 in the restore matrix of 2026-12-01 (32M cells: 39.7 MB in
	// 9.7 and 11.0 s on 15.9 MB/s; 3.3-3.8 in their quiet re-run, 8.2-9.4
	// s), 3.0-3.1 end to end (152 MB restored by the stock 128M server in
	// 31.7 and 32.8 s on 15 MB/s), 2.5 in the quieter run 3 (26.4 s).
	SeqAmpLow, SeqAmpHigh = 2.2, 4.4
	// PageAmpLow/High: once the loaded data outgrows the buffer pool,
	// pages are evicted and written while loading, so the disk takes dump
	// bytes at its random 16 KiB write rate (at the load threads) ÷
	// PageAmp. Restore matrix 2026-12-01, 32M cells (39.7 MB): 1.4-1.6 on
	// the card bed (42.7 and 45.2 s at 81-91 IOPS), 1.5-1.7 on the hdd bed
	// (27.7 and 30.3 s at 131-141); end to end, the stock 128M server
	// restoring 152 MB at 4 threads: 0.9-1.0 on the card (105.7-108.9 s at
	// 84-91 IOPS), 1.0 on the hdd (73.5 and 73.8 s at 141). Below the 3x of
	// the loaded tablespace because the block layer merges neighbouring
	// pages; why the larger dump paid less per byte is not measured, so
	// the range spans both.
	PageAmpLow, PageAmpHigh = 0.9, 1.6
	// FitAmpLow/High: with the loaded data in the pool but a redo log
	// smaller than it, the disk still pays IOPS for log writes and the
	// checkpoint flushes the log forces: one 16 KiB write (at the curve's
	// peak) per FitAmp × 16 KiB of dump. Restore matrix 2026-12-01, 512M
	// cells (39.7 MB, 96M redo log): 0.24-0.25 on the card bed (7.4 and
	// 7.6 s at 99 IOPS), 0.22-0.26 on the hdd bed (4.6 and 5.2 s at 151).
	FitAmpLow, FitAmpHigh = 0.2, 0.3
	// FitHoldAmpLow/High replace FitAmp when the redo log holds the whole
	// load (no checkpoint flushing): only the log's group-commit writes,
	// one I/O however large. End to end 2026-12-01 (152 MB, 512M redo log,
	// testdata/e2e-estimate.json), quiet runs 4-5 (8 threads, probed at
	// load 2): 0.14-0.17 on the card bed (14.7-17.6 s at 100 IOPS; the
	// sequential term binds there first) and 0.09-0.12 on the hdd bed
	// (6.7-8.4 s at 150), whether 4, 8 or 16 threads loaded (so the peak,
	// not the load threads' point: the log writer's concurrency is the
	// server's own). Runs 1-2 at load 12-25 paid 0.16-0.22 on both beds
	// (hdd 11.5-15.3 s): their profiles have no load reading, so they are
	// known misses (estimate_e2e_test.go), as is QA's 15.8 MB dump (0.30).
	FitHoldAmpLow, FitHoldAmpHigh = 0.08, 0.16
	// FitSeqAmpHigh replaces SeqAmpHigh while the data fits the pool: only
	// the redo log is written during the load, at most this many bytes per
	// byte of SQL at the sequential rate. Measured 1.6-1.85 on the bw bed
	// with a 96M redo log (restore matrix 512M cells: 39.7 MB in 4.5 and
	// 5.1 s at 15 MB/s), 2.0-2.25 with a 512M one (end to end runs 1 and 2:
	// 152 MB in 21.2-23.9 s at 14.7-15 MB/s) and 1.4-1.55 in run 3 (15.0 and
	// 16.5 s: the same cnf lines; the spread is not explained). The fast
	// end is the redo alone (RedoPerSQLByteNoIndex, measured: the fewest
	// bytes a load can write per byte of SQL); it was a fitted 1.4 until
	// the bw bed loaded at 1.35-1.38 (restore-e2e.md, "Point 3, third
	// sitting"; estimate.md, "The redo term's fast end").
	FitSeqAmpHigh = 2.3
	// RelaxedRedoUnwrittenBytes is the redo a load whose commits do not
	// wait for the log (innodb_flush_log_at_trx_commit 2 with the log
	// written through the page cache, MDEV-28766, or 0) may leave unwritten
	// when the loader exits: InnoDB syncs such a log about once a second
	// (MariaDB KB, innodb_flush_log_at_trx_commit) and the commits do not
	// wait, so the fast end charges only the rest at the disk's rate. On
	// the bandwidth-limited bed the same relaxed load ran at its CPU's pace
	// or at its redo's; the fastest runs left at most 34.2 MB unwritten
	// (sysbench8 at 26k rows: 1.28 s for 53.5 MB of redo at 15 MB/s), with
	// a 4M redo log buffer as with a 64M one
	// (testdata/relaxed-logbuf-fit/, testdata/relaxed-short-fit/). Until
	// 2026-12-05 13:56 it was 1.4 s ahead of the redo (RelaxedRedoAheadSec),
	// which held-out 307 beat (1.21 s, 1.8 s ahead).
	RelaxedRedoUnwrittenBytes = 34.2e6
	// CPUBytesPerSecPerThread is what one load thread parses and inserts
	// on a quiet host whose CPUs run at CPURefOpsPerCPUS: the fast bed's
	// 1-thread restores of 159.1 MB of mydumper SQL (152 MB dump, 8
	// tables, 512M pool, a 1G redo log holding the load, strict;
	// 2026-12-02 04:26-04:31, testdata/cpu-fit-redo1g.json) ran 12.2-12.6
	// MB/s on 2 CPUs (11.8-12.2 at the reference speed) and 9.8-11.6 on
	// one: 12.5 MB/s, with QuietSpreadShare's 0.75 at the slow end.
	CPUBytesPerSecPerThread = 12.5e6
	// CPUBytesPerSecPerCore caps it by cores, as CPUBytesPerSecPerCore ×
	// cores^CPUCoreExponent: the same restores ran 12.0-14.9 MB/s at 4
	// and 8 threads on one CPU (11.4-15.1 at the reference speed; 8
	// threads faster than 4: more sessions keep the CPU busy through the
	// commits' fsyncs) and 20.8-23.8 at 4 and 16 on 2 CPUs (20.9-23.1).
	// (Before: 11.5e6 from 02:46's runs with the stock 96M redo log, whose
	// checkpoint flushing shared the CPUs, 1.2x slower on 2 CPUs and more on
	// one; before that 18e6, linear per core, from 2026-12-01 05:45, when
	// the host ran the restore 1.9x faster and no CPU speed was read.)
	CPUBytesPerSecPerCore = 15.5e6
	// CPUCoreExponent is how the cap grows with cores: a second CPU adds
	// 0.6x of the first's rate here (2^0.7 = 1.62); every exponent from
	// 0.59 to 0.84 holds all 18 fit runs in the estimate, 0.7 is between.
	// More than 2 cores are not measured (the envelope says so).
	CPUCoreExponent = 0.7
	// OneCPUFastExponent is the same exponent at the fast end on one CPU:
	// there the cap is the two-CPU cap ÷ 2^0.5 (one CPU has done up to
	// 0.71 of two CPUs' work) where the slow end keeps 2^0.7 (0.62). How
	// much of two CPUs' work one does moved from sitting to sitting with
	// no probe reading that follows it: 1/1.68 to 1/1.22 of it in
	// sysbench8's runs (estimate.md, "Row widths on one CPU"). Fitted
	// 2026-12-05 10:30 by the rule QuietFastShare was (the knee of mean
	// per-sitting containment, each fit sitting weighted equally: the
	// seven CPU-fit files and seven held-out-format fit sittings): 0.7
	// 0.9308, 0.6 0.9441, 0.55 0.9505, 0.5 0.9790, 0.45-0.35 0.9790, 0.3
	// 0.9854; past 0.5 no 0.05 step adds 0.01 (estimate.md, "One CPU's
	// fast end, sitting by sitting"). The slow end is untouched:
	// TestCPUFit's slower sittings need 0.7 there.
	OneCPUFastExponent = 0.5
	// CPUTableRef is the table count CPUBytesPerSecPerCore was measured
	// with (testdata/cpu-fit-redo1g.json: 8 sysbench tables).
	CPUTableRef = 8
	// CPUTablesMin and CPUTablesMax are the fewest and most tables a CPU
	// fit dump had (testdata/cpu-fit-tables.json: few2 and many32x4); more
	// than CPUTablesMax are taken as that many, no faster, and fewer than
	// CPUTablesMin extrapolate the power law (the envelope says so).
	CPUTablesMin, CPUTablesMax = 2, 32
	// CPUTableExponent is how the cap grows with the dump's tables, as
	// (tables/CPUTableRef)^CPUTableExponent: sessions spread over more
	// tables wait less for each other (and each table's indexes are
	// smaller). testdata/cpu-fit-tables.json (2026-12-02 05:13-05:30, the
	// same 159 MB as 2, 8 and 32 tables, one sitting, 3 reps): at 4-16
	// threads the median rate against the model without the term was
	// 0.650/0.777/0.872 on one CPU and 0.674/0.729/0.823 on two, i.e. an
	// exponent of 0.13 and 0.08 (one CPU: 2 and 32 tables against 8) and
	// 0.06 and 0.09 (two); 0.09 is between. The containment of the fit
	// runs cannot tell 0 to 0.12 apart (67-70 of 72 inside with the
	// slow end at QuietSpreadShare); the within-sitting medians can.
	CPUTableExponent = 0.09
	// TableSyncIOs is the fixed cost of restoring one table, in synchronous
	// writes paid one after another: creating it, its tablespace and the
	// commits of its files, whatever the rows and the thread count.
	// Measured on an HDD-like bed (testbed custom: 100 IOPS, 100 MB/s;
	// probe: 75 random 16K writes/s at 1 thread), myloader 0.10 into
	// MariaDB 10.11, medians of 3: 4 one-row sysbench tables 0.66 s, 8
	// tables 1.35 s at 4 threads (0.75 and 1.44 s at 1), i.e. 0.17 s per
	// table = 13 writes at 75/s; it is what a 15.8 MB dump of 4 tables
	// took beyond the model's 1–2 s (3.0 s; docs/benchmarks/estimate.md,
	// "Fixed costs"). Each is paid at the slower of that write rate and the
	// probe's commit p50 since 2026-12-04 (fixedCost): on the latency bed
	// (5 ms a write, 11.5 ms a write and sync) 150 one-row tables took
	// 154-201 ms a table (testdata/latency-table-fit/), 13-17 commits.
	// Durability does not change it: with relaxed commits the same tables
	// took 147-180 ms, 12.8-15.7 writes at that sitting's commit p50
	// (testdata/latency-table-fit-relaxed/; strict 12.9-16.9).
	TableSyncIOs = 13
	// CompressLow/High: SQL dumps shrink 3-5x with gzip or zstd (the
	// mariadb-dump fixture in probe/dump: 3.3x with gzip).
	CompressLow, CompressHigh = 3.0, 5.0
)

// estimateLoad gives the restore time range of the profile's dump at the
// advised threads with the buffer pool b: the slower of the CPU (bytes
// per thread, capped per core, times the share the host's load leaves it:
// cpuShare; a chunked dump's files add their own work: fileCPUBytes) and the disk (diskRates, no faster than its write-I/O budget
// allows: ioBudgetCost), the waits on growing tablespaces
// (growthCost) and on each data file's commit (fileCommitCost): hidden
// behind the rest at the fast end, after it at the slow end; plus the
// fixed cost per table. The fast end takes the faster
// assumption of each, the slow end the slower.
func estimateLoad(p *profile.Profile, threads, cores int, b pool) DurationRange {
	return readFloor(p.Dump, modelledLoad(p, threads, cores, b))
}

// modelledLoad is estimateLoad before the dump's own disk's read floor.
func modelledLoad(p *profile.Profile, threads, cores int, b pool) DurationRange {
	d := p.Dump
	if d == nil || d.TotalBytes == 0 || threads < 1 {
		return DurationRange{}
	}
	lo, hi := dumpSQLBytes(d)
	quiet, speedWhy := quietCPURate(p.Host.CPU.Speed, threads, cores, d.Tables)
	rowF, rowWhy := rowCPUFactor(d) // the rows' cost; the per-file work (fb) is the sessions', whatever the rows
	compF, compWhy := rowCompressedFactor(d)
	rowF, rowWhy = rowF*compF, rowWhy+compWhy
	shareLo, shareHi, shareWhy := cpuShare(probeLoad(p.Storage), threads, max(cores, 1))
	fb := fileCPUBytes(d)
	gain := fastCoreGain(threads, cores, d.Tables)
	shareWhy += fastCoreText(gain)
	fast, slow := (lo*rowF+fb)/(quiet*shareHi*gain), (hi*rowF+fb)/(quiet*shareLo)
	quiet, speedWhy = quiet/rowF, speedWhy+rowWhy // as the basis states the rows' rate
	dFast, dSlow, how := diskRates(p.Storage, threads, b, dumpInnoDBBytes(d), b.redo)
	disk := "not measured, so CPU only"
	if p.Storage.ServerElsewhere != "" {
		disk = "not priced (storage.server_elsewhere: the disk measured is not the server's), so CPU only"
	}
	if dFast > 0 {
		ahead, aheadText := redoAhead(b, dumpInnoDBBytes(d), lo/dFast, b.room.LowBytes)
		fast, slow = max(fast, lo/dFast-ahead), max(slow, hi/dSlow)
		disk = fmt.Sprintf("%s–%s MB/s of dump (%s)%s", mb(dSlow), mb(dFast), how, aheadText)
	}
	ioText := ""
	if tFast, tSlow, text := tableTail(p, threads, cores, lo, hi); tSlow > slow || tFast > fast {
		fast, slow, ioText = max(fast, tFast), max(slow, tSlow), text
	}
	growFast, growSlow, growText := growthCost(p.Storage, d, threads)
	fast, slow = max(fast, growFast), slow+growSlow
	fcFast, fcSlow, fcText := fileCommitCost(p.Storage, d, threads, b.fileCommit)
	fast, slow, growText = max(fast, fcFast), slow+fcSlow, growText+fcText
	fixedFast, fixedSlow, fixedText := fixedCost(p.Storage, d)
	createFast, createSlow, createText := tableCreateCost(p, d, shareLo, shareHi, b.recalcOff)
	startFast, startSlow, startText := loadStartCost(p)
	fast, slow, fixedText = fast+createFast+startFast, slow+createSlow+startSlow, createText+fixedText+startText
	commits, commitText := commitCost(p.Storage, d, b.commitWait)
	fast, slow, fixedText = fast+fixedFast+commits, slow+fixedSlow+commits, fixedText+commitText
	blFast, blSlow, blText := binlogSyncCost(p.Storage, d, b.binlog)
	fast, slow, fixedText = fast+blFast, slow+blSlow, fixedText+blText
	if ioLo, ioHi, text := ioBudgetCost(p.Storage, d, threads, b.fileCommit); ioHi+blSlow > slow || ioLo+blFast > fast {
		fast, slow, ioText = max(fast, ioLo+blFast), max(slow, ioHi+blSlow), ioText+text+binlogFloorText(blFast, blSlow)
	}
	aFast, aSlow, aText := analyzeCost(p, b.analyzeTables)
	fast, slow, fixedText = fast+aFast, slow+aSlow, fixedText+aText
	return rangeOf(fast, slow, fmt.Sprintf("%s of SQL%s; disk %s; CPU %s MB/s on a quiet host (%s per load thread, at most %s on %s%s as measured with MariaDB 10.11; %s), %s; the slower decides%s%s%s",
		bytesRange(lo, hi), fileCPUText(d), disk, mb(quiet), mb(CPUBytesPerSecPerThread), mb(cpuCoreCap(cores)), count(max(cores, 1), "CPU"), tableText(d.Tables), speedWhy, shareWhy, ioText, growText, fixedText))
}

// fixedCost is the time a restore pays per table whatever its rows, fast
// and slow: TableSyncIOs synchronous writes per table, one after another,
// each at the slower of the 1-thread random-write rate and the probe's
// commit (16K write + fdatasync) p50: a table's creation syncs its new
// files and the log, and the server creates tables nearly one at a time
// (TableCreateSec). Where the commit p50 decides, the slow end pays it ÷
// QuietSpreadShare and the fast end ÷ QuietFastShare: a median latency the
// host's state moves as it moves the CPU rate (fast bed, 2026-12-04,
// testdata/table-cost-fast-small/: 200 and 600 tables of 10 rows at
// 4.6-10.3 ms a table, the slowest rep 1.4-2.2x the fastest, against 13 ×
// 239 µs plus creating them), and a table's syncs are 13 only at the least
// (latency bed: 12.8-17 at the probe's p50 a table, testdata/latency-table-
// fit and -relaxed; the strict sitting's fastest run, 23.0 s, lay under a
// fast end of 13 at the p50); a throttle's write rate is a cap and has no
// such spread. A partitioned table's partitions beyond its first add
// CreateDataSyncs each, in the same CREATE TABLE (partitionSyncs). 0 when
// neither is measured or the table count is unknown.
func fixedCost(s profile.Storage, d *profile.Dump) (fast, slow float64, text string) {
	if d.Tables <= 0 {
		return 0, 0, ""
	}
	each, what, slowShare, fastShare := 0.0, "", 1.0, 1.0
	if rnd := randBytesPerSec(s, 1); rnd > 0 {
		each, what = PageBytes/rnd, fmt.Sprintf("%s random 16K writes/s (1 thread)", kilo(rnd/PageBytes))
	}
	if c := s.Fsync.P50US / 1e6; c > each {
		each, slowShare, fastShare = c, QuietSpreadShare, QuietFastShare
		what = fmt.Sprintf("%s a write and sync (the probe's commit p50; ÷ %.2f at the fast end and ÷ %.2f at the slow end, the host's quiet spread)", micros(s.Fsync.P50US), QuietFastShare, QuietSpreadShare)
	}
	if each <= 0 {
		return 0, 0, ""
	}
	parts, partsText := partitionSyncs(d)
	drops, dropsText := dropSyncs(d)
	at := (float64(d.Tables*TableSyncIOs) + parts + drops) * each
	fast, slow = at/fastShare, at/slowShare
	return fast, slow, fmt.Sprintf("; plus %s fixed: %s × %d synchronous writes (create, commit)%s%s one after another at %s",
		secsRange(fast, slow), dumpTables(d), TableSyncIOs, partsText, dropsText, what)
}

// partitionSyncs is the synchronous writes creating the dump's partitions
// beyond each table's first costs, and how they were counted:
// CreateDataSyncs a partition (its tablespace's creation, as a table's),
// one after another in its table's CREATE TABLE whatever the sessions.
// Measured (testdata/partition-create-time-fit/, 6 tables of 16 and 48
// nearly empty partitions, 16 sessions): 6.2-7.1 data fsyncs a further
// partition, and on the latency bed 75-78 ms each, 6.6-6.7 commits at the
// probe's p50, strict and relaxed alike; counted in the growth term, shared
// out among the sessions, sweeps 400 and 401 ran 18-19% over.
func partitionSyncs(d *profile.Dump) (float64, string) {
	extra := extraPartitions(d)
	if extra <= 0 {
		return 0, ""
	}
	return extra * CreateDataSyncs, fmt.Sprintf(" + %s beyond each table's first × %.2g (its tablespace's creation, in its table's CREATE TABLE)",
		count(int(extra), "partition"), CreateDataSyncs)
}

// diskRates is the dump bytes per second the disk takes, fast and slow,
// and how they were derived; 0 when the disk was not measured.
func diskRates(s profile.Storage, threads int, b pool, data, redo uint64) (fast, slow float64, how string) {
	seq := s.SeqWrite.MBPerS * 1e6
	seqLo, seqHi, pageLo, pageHi, bl := b.binlog.amps(SeqAmpLow, SeqAmpHigh, PageAmpLow, PageAmpHigh)
	fast, slow = seq/seqLo, seq/seqHi
	how = fmt.Sprintf("%.1f MB/s sequential ÷ %.1f–%.1fx redo, doublewrite and pages", seq/1e6, seqLo, seqHi)
	rnd := randBytesPerSec(s, threads)
	if rnd <= 0 || b.bytes == 0 && data == 0 {
		return fast, slow, how + bl
	}
	if b.fits(data) {
		return fitRates(s, threads, b, data, redo)
	}
	pf, ps := rnd/pageLo, rnd/pageHi
	w := fmt.Sprintf("%s random 16K writes/s ÷ %.1f–%.1fx", kilo(rnd/PageBytes), pageLo, pageHi)
	if b.bytes == 0 { // unknown pool: the slow end assumes the data outgrows it
		return fast, minKnown(slow, ps), how + "; or " + w + " if the data outgrows the buffer pool (its size is unknown)" + bl
	}
	return minKnown(fast, pf), minKnown(slow, ps), fmt.Sprintf("the ~%s it loads outgrows %s: the slower of %s and %s%s",
		profile.HumanBytes(data), b.describe(), w, how, bl)
}

// fitRates is diskRates while the loaded data fits the pool b: the
// sequential rate ÷ RedoPerSQLByteNoIndex–FitSeqAmpHigh for the redo log
// (÷ the row model's redo ratio to FitSeqAmpHigh / RedoPerSQLByteIndexed
// times it, when b.room's ratio is the row model's), or the random-write peak
// ÷ FitHoldAmp (the log is as large as the data) or ÷ FitAmp (smaller) if
// slower; then, when the load's redo passes the async flush point of the
// log (b.room), the part past it at the page-flushing rate (paced).
func fitRates(s profile.Storage, threads int, b pool, data, redo uint64) (fast, slow float64, _ string) {
	seq := s.SeqWrite.MBPerS * 1e6
	rnd := peakRandBytesPerSec(s, threads)
	ampLo, ampHi, log := FitAmpLow, FitAmpHigh, "for the checkpoints a redo log of unknown size forces"
	// holds: a log that holds the load forces no checkpoint flushing, so the page cache changes nothing here:
	// measured with and without it, the hdd bed loaded in 9.6 and 9.3 s, the card bed in 17.0 and 17.5 s
	// (docs/benchmarks/settle-buffered.md)
	holds := false
	switch {
	case redo > 0 && redo >= data && b.room.Lim.known():
		ampLo, ampHi, log, holds = FitHoldAmpLow, FitHoldAmpHigh, "for log writes, no checkpoint flushing"+b.room.holdsText(), true
	case redo > 0 && redo >= data:
		ampLo, ampHi, log, holds = FitHoldAmpLow, FitHoldAmpHigh, fmt.Sprintf("for log writes, no checkpoint flushing (the %s redo log holds it)", profile.HumanBytes(redo)), true
	case redo > 0 && b.room.Lim.known():
		log = fmt.Sprintf("for the flushing a %s redo log smaller than the loaded data brings%s", profile.HumanBytes(redo), b.room.holdsText())
	case redo > 0:
		log = fmt.Sprintf("for the checkpoints a %s redo log forces", profile.HumanBytes(redo))
	}
	seqLo, seqHi, byRows := RedoPerSQLByteNoIndex, FitSeqAmpHigh, ""
	if r := b.room.Ratio; r.byRows { // the row model's redo, the slow end as far above it as the fit's is above sysbench's
		seqLo, seqHi, byRows = r.low, r.high/RedoRowBandHigh*FitSeqAmpHigh/RedoPerSQLByteIndexed, " (the row model's redo)"
	}
	seqLo, seqHi, ampLo, ampHi, bl := b.binlog.amps(seqLo, seqHi, ampLo, ampHi)
	fast, slow = seq/seqLo, seq/seqHi
	how := fmt.Sprintf("the ~%s it loads fits %s: %.1f MB/s sequential ÷ %.2f–%.1fx of redo%s", profile.HumanBytes(data), b.describe(), seq/1e6, seqLo, seqHi, byRows)
	if rnd > 0 {
		rFast, rSlow, through := rnd, rnd, ""
		if b.buffered && !holds {
			rFast, rSlow = bufferedPageRates(s, rnd)
			through = fmt.Sprintf(" × %.0f–%.0f pages per write through the page cache (at most the sequential rate)", BufferedPagesPerIOLow, BufferedPagesPerIOHigh)
		}
		fast, slow = minKnown(fast, rFast/ampLo), minKnown(slow, rSlow/ampHi)
		how = fmt.Sprintf("%s, or %s random 16K writes/s (the best measured at up to %s)%s ÷ %.3g–%.3gx %s, if slower",
			how, kilo(rnd/PageBytes), count(threads, "thread"), through, ampLo, ampHi, log)
	}
	how += bl
	fast, slow, paced := b.room.paced(s, threads, fast, slow, b.buffered)
	return fast, slow, how + paced
}

// peakRandBytesPerSec is the highest random-write IOPS measured at a
// thread count ≤ threads, × 16 KiB; 0 when unmeasured.
func peakRandBytesPerSec(s profile.Storage, threads int) float64 {
	var rnd float64
	for _, pt := range s.RandWrite {
		if pt.Threads <= threads {
			rnd = max(rnd, pt.IOPS*PageBytes)
		}
	}
	return rnd
}

// dumpSQLBytes is the dump's uncompressed SQL, as a range when only the
// compressed size is known.
func dumpSQLBytes(d *profile.Dump) (lo, hi float64) {
	lo, hi = float64(d.TotalBytes), float64(d.TotalBytes)
	if d.DataBytes > 0 {
		return float64(d.DataBytes), float64(d.DataBytes)
	}
	if onDisk(d) && (d.Compression == "gzip" || d.Compression == "zstd") {
		return lo * CompressLow, hi * CompressHigh
	}
	return lo, hi
}

// bytesRange says "37.9 MiB", or "120 MiB to 200 MiB" when it is a range.
func bytesRange(lo, hi float64) string {
	if profile.HumanBytes(uint64(lo)) == profile.HumanBytes(uint64(hi)) {
		return profile.HumanBytes(uint64(lo))
	}
	return profile.HumanBytes(uint64(lo)) + " to " + profile.HumanBytes(uint64(hi))
}

func mb(bps float64) string { return fmt.Sprintf("%.1f", bps/1e6) }

// onDisk reports whether d's TotalBytes is the compressed size on disk
// (probe/dump could not read the uncompressed size; profiles written
// before TotalBytesBasis existed are read so too).
func onDisk(d *profile.Dump) bool {
	return d.TotalBytesBasis == "" || d.TotalBytesBasis == profile.DumpBytesOnDisk
}

// minKnown is the smaller of two rates, ignoring an unmeasured (0) one.
func minKnown(a, b float64) float64 {
	switch {
	case a <= 0:
		return b
	case b <= 0:
		return a
	}
	return min(a, b)
}

// randBytesPerSec is the random-write IOPS at the nearest measured thread
// count ≤ threads, × 16 KiB; 0 when unmeasured.
func randBytesPerSec(s profile.Storage, threads int) float64 {
	var rnd float64
	best := 0
	for _, pt := range s.RandWrite {
		if pt.Threads <= threads && pt.Threads > best && pt.IOPS > 0 {
			best, rnd = pt.Threads, pt.IOPS*PageBytes
		}
	}
	return rnd
}

// seconds rounds an estimate to the second, or to 0.1 s below 10 s so
// that a small restore's range stays a range.
func seconds(s float64) time.Duration {
	d := time.Duration(s * float64(time.Second))
	return d.Round(secondsUnit(d))
}

// secondsUnit is what seconds rounds d to.
func secondsUnit(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return 100 * time.Millisecond
	}
	return time.Second
}

// rangeOf is the printed range of an estimate from fast to slow seconds:
// the fast end rounded down and the slow end up (at least 1.2x the fast
// end), so the range printed contains every time the model's does
// (2026-12-02: a slow end of 20.4 s printed as "20 s" missed a card-bed
// restore of 20.8 s).
func rangeOf(fast, slow float64, basis string) DurationRange {
	lo := time.Duration(fast * float64(time.Second))
	hi := time.Duration(max(slow, fast*1.2) * float64(time.Second))
	lo = lo.Truncate(secondsUnit(lo))
	if u := secondsUnit(hi); hi%u != 0 {
		hi = hi.Truncate(u) + u
	}
	return DurationRange{Low: lo, High: hi, Basis: basis}
}

// redoAhead is what the fast end takes off the disk's time diskFast when
// the load's commits do not wait for the log and the disk's time is the
// redo log's (the data fits the pool b, whose log holds the load): the
// time RelaxedRedoUnwrittenBytes of the load's redo (redoBytes, the dump's
// share of it at the fast end) takes at the disk's rate, at most diskFast;
// 0 and "" otherwise.
func redoAhead(b pool, data uint64, diskFast, redoBytes float64) (float64, string) {
	if b.fileCommit != commitNoWait || !b.fits(data) || !b.room.holds() || diskFast <= 0 || redoBytes <= 0 {
		return 0, ""
	}
	ahead := diskFast * min(1, RelaxedRedoUnwrittenBytes/redoBytes)
	return ahead, fmt.Sprintf(", less %.2g s at the fast end (its commits do not wait for the log, which is synced about once a second: a load may finish with up to %s of its redo unwritten)", ahead, profile.HumanBytes(RelaxedRedoUnwrittenBytes))
}
