package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// Redo bytes InnoDB writes per byte of dump, measured by
// scripts/measure-redo-per-byte.sh (docs/benchmarks/redo-per-byte.md,
// 2026-12-01): a 152 MiB mydumper 0.10 SQL dump of 8 sysbench tables ×
// 100,000 rows loaded by myloader 0.10 into MariaDB 10.11.19,
// Innodb_lsn_current read before and after each load.
const (
	// RedoPerSQLByteIndexed: with sysbench's secondary index k, 1.288-1.290
	// in 4 loads (4 and 16 threads; 2G and 128M pools).
	RedoPerSQLByteIndexed = 1.29
	// RedoPerSQLByteNoIndex: the same rows without index k, 1.160 and
	// 1.164 (4 and 16 threads).
	RedoPerSQLByteNoIndex = 1.16
	// TSVBytesPerSQLByte: the same 800,000 rows as tab-separated text (a
	// MySQL Shell dump's format) take 153.5 MB against 159.1 MB of
	// mydumper SQL (0.965: no parentheses, quotes or commas), so a byte of
	// TSV carries 1/0.965 the rows; derived, not loaded.
	TSVBytesPerSQLByte = 0.965
)

// Checkpoint arithmetic shared by the server formulas below.
const (
	// redoPage is the InnoDB page the MySQL 8.0.30+ formula aligns a file
	// to: innodb_page_size's default, 16 KiB (that formula was not checked
	// at other page sizes). The classic ones count the target's own page
	// (redoLimitsOf's page).
	redoPage = 16 << 10
	// classicFreePages is the 48 pages every classic formula keeps free:
	// LOG_CHECKPOINT_FREE_PER_THREAD (4 pages) × (10 + innodb_thread_concurrency,
	// default 0) + LOG_CHECKPOINT_EXTRA_FREE (8 pages); MySQL 5.7 and
	// MariaDB 10.4 log_calc_max_ages, MariaDB 10.5+ log_set_capacity
	// (storage/innobase/log/log0log.cc).
	classicFreePages = 4*10 + 8
	// logFileHeader is LOG_FILE_HDR_SIZE, 4 × 512-byte blocks (log0log.h).
	logFileHeader = 2048
	// mariaDBStartOffset is where MariaDB 10.8+'s ib_logfile0 starts its
	// records (log_t::START_OFFSET): the figure that makes the formula give
	// MariaDB 10.11.19's Innodb_checkpoint_max_age exactly for 96M, 128M,
	// 256M, 512M and 1G (80819529 ... 869013136; docs/benchmarks/redo-per-byte.md).
	mariaDBStartOffset = 12288
	// classicFiles is innodb_log_files_in_group's default (MySQL 5.7-8.0,
	// MariaDB ≤10.4), whose headers are taken off when the count is unknown.
	classicFiles = 2
)

// redoLimits are the checkpoint ages at which a redo log of CapacityBytes
// makes InnoDB write pages: from AsyncBytes page flushing is pushed to
// advance the checkpoint, at LimitBytes every write waits for it. Basis
// names the formula (server source file and function) it came from.
type redoLimits struct {
	CapacityBytes uint64
	AsyncBytes    uint64
	LimitBytes    uint64
	Basis         string
}

// known says whether the limits were computed (the target's flavor and version known).
func (r redoLimits) known() bool { return r.LimitBytes > 0 }

// redoLimitsOf is the checkpoint limits of a redo log of capacity bytes
// (innodb_log_file_size × files, or innodb_redo_log_capacity) on target t
// with InnoDB pages of page bytes (0: defaultPageBytes); zero when the
// target's flavor or version or the capacity is unknown.
func redoLimitsOf(t profile.Target, capacity, page uint64) redoLimits {
	v, err := profile.ParseVersionStrict(t.Version)
	if capacity == 0 || t.Version == "" || err != nil {
		return redoLimits{}
	}
	if page == 0 {
		page = defaultPageBytes
	}
	switch {
	case t.IsMariaDB() && !v.Less(profile.Version{Major: 10, Minor: 8}):
		return mariaDBLimits(capacity, mariaDBStartOffset, page, "MariaDB 10.8+ log_t::set_capacity (log0log.cc; fits 10.11.19's Innodb_checkpoint_max_age exactly at 4K, 16K and 64K pages)")
	case t.IsMariaDB() && !v.Less(profile.Version{Major: 10, Minor: 5}):
		return mariaDBLimits(capacity, logFileHeader, page, "MariaDB 10.5-10.7 log_set_capacity (log0log.cc)")
	case t.IsMariaDB():
		return mariaDBLimits(capacity, logFileHeader*classicFiles, page, "MariaDB 10.4 log_calc_max_ages (log0log.cc), 2 log files assumed")
	case !v.Less(profile.Version{Major: 8, Minor: 0, Patch: 30}):
		return mysql830Limits(capacity)
	case !v.Less(profile.Version{Major: 8}):
		return mysql80Limits(capacity, page)
	}
	return mariaDBLimits(capacity, logFileHeader*classicFiles, page, "MySQL 5.7 log_calc_max_ages (log0log.cc), 2 log files assumed")
}

// mariaDBLimits is the classic InnoDB formula, kept by MariaDB 10.5+ for
// its one file (log_set_capacity in log0log.cc, read at MariaDB/server
// commit 0064316f, a 10.6 tree; the same steps in MySQL 5.7's
// log_calc_max_ages; MariaDB 10.8+'s log_t::set_capacity was not read:
// its header, mariaDBStartOffset, is what 10.11.19's status fits): capacity less the headers,
// less 10%; less the 48 free pages, less 10% again is max_checkpoint_age;
// max_modified_age_async is that less 1/8 (MySQL 5.7's
// LOG_POOL_PREFLUSH_RATIO_ASYNC, 8). The free pages are the server's own
// (UNIV_PAGE_SIZE): 10.11.19's Innodb_checkpoint_max_age for a 96M log is
// 81350370 at 4K, 80819529 at 16K and 78696162 at 64K pages, each
// reproduced exactly with page (review r48; docs/benchmarks/live-server.md).
func mariaDBLimits(capacity, headers, page uint64, basis string) redoLimits {
	if capacity <= headers {
		return redoLimits{}
	}
	c := capacity - headers
	c -= c / 10
	free := classicFreePages * page
	if free >= c/2 {
		return redoLimits{}
	}
	m := c - free
	m -= m / 10
	return redoLimits{CapacityBytes: capacity, AsyncBytes: m - m/8, LimitBytes: m, Basis: basis}
}

// mysql80Limits is MySQL 8.0.11-8.0.29's (log0chkp.cc log_calc_max_ages
// and log_calc_concurrency_margin, LOG_POOL_PREFLUSH_RATIO_ASYNC 8 in
// log0types.h; read in an 8.0 tree of mysql/mysql-server, not checked
// against a running server): the files less their headers, less a safety margin
// (10%, at most 256 × 4 pages); less 5% for the log writer is the
// free-check capacity; user threads wait at it less the concurrency
// margin (4 pages × 10 threads + 8 pages + 5% of the writer's capacity);
// max_modified_age_async is 7/8 of it less the same margin.
func mysql80Limits(capacity, page uint64) redoLimits {
	if capacity <= logFileHeader*classicFiles {
		return redoLimits{}
	}
	real := capacity - logFileHeader*classicFiles
	writer := alignDown(real-min(real/10, 256*4*page), 512)
	freeCheck := writer - alignDown(writer/20, 512)
	margin := classicFreePages*page + alignDown(writer/20, 512)
	async := alignUp(freeCheck-freeCheck/8, 512)
	if async <= margin {
		return redoLimits{}
	}
	return redoLimits{CapacityBytes: capacity, AsyncBytes: async - margin, LimitBytes: freeCheck - margin,
		Basis: "MySQL 8.0.11-8.0.29 log_calc_max_ages (log0chkp.cc), 2 log files assumed"}
}

// mysql830Limits is MySQL 8.0.30+'s for innodb_redo_log_capacity
// (log0files_capacity.cc, Log_files_capacity::hard_logical_capacity_for_physical
// and update_exposed, read at mysql/mysql-server commit 312d9ed7, a 9.x
// tree; constants in log0constants.h; not checked against a running
// server): of the capacity,
// 30 of the 32 files (LOG_N_FILES) hold redo, less 31 file headers and
// LOG_EXTRA_SAFETY_MARGIN (2 × 64 KiB) and 10% of one file
// (LOG_NEXT_FILE_EARLIER_MARGIN) is the hard logical capacity; 95% of it
// (LOG_EXTRA_WRITER_MARGIN_PCT 5) the soft one, where user threads wait;
// adaptive flushing is forced from 7/8 of the soft capacity
// (adaptive_flush_min_age, LOG_FORCING_ADAPTIVE_FLUSH_RATIO_MIN 8).
func mysql830Limits(capacity uint64) redoLimits {
	const files = 32
	if capacity < 8<<20 { // LOG_CAPACITY_MIN, 8M
		return redoLimits{}
	}
	overhead := uint64((files-1)*logFileHeader + 2*(64<<10))
	next := alignUp(uint64(math.Ceil(float64(alignDown(capacity/files, redoPage))*0.10)), 512)
	hard := alignDown(capacity*(files-2)/files-overhead-next, 512)
	soft := alignDown(uint64(float64(hard)*0.95), 512)
	return redoLimits{CapacityBytes: capacity, AsyncBytes: alignDown(soft-soft/8, 512), LimitBytes: soft,
		Basis: "MySQL 8.0.30+ Log_files_capacity (log0files_capacity.cc)"}
}

func alignDown(n, a uint64) uint64 { return n / a * a }
func alignUp(n, a uint64) uint64   { return (n + a - 1) / a * a }

// redoRatio is the redo bytes a load writes per byte of its dump, as a
// range, and where it came from.
type redoRatio struct {
	low, high float64
	from      string
	// byRows: the row model's (rowRatio), not a measured constant range.
	byRows bool
}

// ratioOf is the redo per dump byte of the profile's dump: measured on
// the target when calibrate --dump reported it for a dump of the same
// format on the same server (cal), else the row model's when every InnoDB
// table was sized (rowRatio), else the measured range for SQL
// (RedoPerSQLByteNoIndex to RedoPerSQLByteIndexed: whether the tables have
// secondary indexes is not read), over TSVBytesPerSQLByte for a MySQL
// Shell dump.
func ratioOf(p *profile.Profile, cal *Calibration) redoRatio {
	d := p.Dump
	if cal != nil && cal.RedoBytesPerDumpByte > 0 && d != nil && cal.Dump.Format == d.Format && !serverDiffers(calibrationMismatch(p, cal)) {
		r := cal.RedoBytesPerDumpByte
		return redoRatio{low: r, high: r, from: fmt.Sprintf("%.2f bytes of redo per dump byte, measured on the target by the %s", r, cal.Source)}
	}
	if r, ok := rowRatio(d); ok {
		return r
	}
	lo, hi, what := RedoPerSQLByteNoIndex, RedoPerSQLByteIndexed, "SQL"
	if d != nil && d.Format == "mysqlsh" {
		lo, hi, what = lo/TSVBytesPerSQLByte, hi/TSVBytesPerSQLByte, "TSV"
	}
	return redoRatio{low: lo, high: hi, from: fmt.Sprintf("%.2f-%.2f bytes of redo per byte of %s, without and with a secondary index, measured with MariaDB 10.11: docs/benchmarks/redo-per-byte.md", lo, hi, what)}
}

// redoRoom is the redo a load writes against the checkpoint limits of
// the redo log it runs with; zero Lim when they are unknown. PageBytes is
// the target's InnoDB page the limits were counted in.
type redoRoom struct {
	LowBytes, HighBytes float64
	Lim                 redoLimits
	Ratio               redoRatio
	PageBytes           uint64
}

// roomOf is the load's redo (ratio × the dump's bytes) against the limits
// of a redo log of capacity bytes on target t with pages of page bytes;
// zero without a dump size.
func roomOf(d *profile.Dump, r redoRatio, t profile.Target, capacity, page uint64) redoRoom {
	if d == nil || d.TotalBytes == 0 {
		return redoRoom{}
	}
	lo, hi := dumpInnoDBSQLBytes(d)
	return redoRoom{LowBytes: lo * r.low, HighBytes: hi * r.high, Lim: redoLimitsOf(t, capacity, page), Ratio: r, PageBytes: page}
}

// holds says whether the load's redo (its high end) stays below the async
// flush point: no checkpoint flushing paces it.
func (r redoRoom) holds() bool { return r.Lim.known() && r.HighBytes <= float64(r.Lim.AsyncBytes) }

// pastAsync is the share of the load written past the async flush point,
// for a load writing redo bytes of redo (0 when it holds it).
func (r redoRoom) pastAsync(redo float64) float64 {
	if !r.Lim.known() || redo <= float64(r.Lim.AsyncBytes) {
		return 0
	}
	return 1 - float64(r.Lim.AsyncBytes)/redo
}

// text says the load's redo against the limit, in words and numbers:
// "~195.8 MiB of redo against the 512.0 MiB redo log's checkpoint limit of
// 414.0 MiB (async flushing from 362.3 MiB)".
func (r redoRoom) text() string {
	return fmt.Sprintf("%s of redo (%s) against the %s redo log's checkpoint limit of %s (async flushing from %s; %s)",
		bytesRange(r.LowBytes, r.HighBytes), r.Ratio.from, profile.HumanBytes(r.Lim.CapacityBytes),
		profile.HumanBytes(r.Lim.LimitBytes), profile.HumanBytes(r.Lim.AsyncBytes), r.Lim.Basis)
}

// holdsText is " (it holds the load's redo: X against a Y checkpoint
// limit, async flushing from Z)" when the log holds the load, else "".
func (r redoRoom) holdsText() string {
	if !r.holds() {
		return ""
	}
	return fmt.Sprintf(" (it holds the load's redo: %s against a %s checkpoint limit, async flushing from %s)",
		bytesRange(r.LowBytes, r.HighBytes), profile.HumanBytes(r.Lim.LimitBytes), profile.HumanBytes(r.Lim.AsyncBytes))
}

// capacityFor is the smallest redo capacity, in PoolChunkBytes steps, whose
// async flush point on t (pages of page bytes) holds redo bytes; 0 when
// t's limits are unknown.
func capacityFor(t profile.Target, redo float64, page uint64) uint64 {
	for c := uint64(PoolChunkBytes); c <= maxRedoOf(t); c += PoolChunkBytes {
		l := redoLimitsOf(t, c, page)
		if !l.known() {
			return 0
		}
		if float64(l.AsyncBytes) >= redo {
			return c
		}
	}
	return 0
}

// maxRedoOf is the most redo log the target starts with: under 4 GB
// before MySQL 5.6.3 and MariaDB 10.0 (srv0start.c: "combined size of log
// files must be < 4 GB"; MySQL 5.5 manual, innodb_log_file_size), else
// 1 TiB (the search's bound).
func maxRedoOf(t profile.Target) uint64 {
	v, err := profile.ParseVersionStrict(t.Version)
	if err == nil && t.Version != "" && (t.IsMariaDB() && v.Less(profile.Version{Major: 10}) ||
		!t.IsMariaDB() && v.Less(profile.Version{Major: 5, Minor: 6, Patch: 3})) {
		return 4<<30 - PoolChunkBytes
	}
	return 1 << 40
}

// paced blends a fits-the-pool disk rate pair with the checkpoint
// flushing past the async point: the share of the load written past it
// (pastAsync, at the low and the high redo) goes at the random 16 KiB write
// rate at the load threads ÷ PageAmp, the dump bytes per page write of a
// load whose data outgrows the pool (each loaded page written about once
// while loading; PageAmpLow/High, the restore matrix of 2026-12-01), the
// rest at the rate given. It returns them unchanged (and "") when the
// redo log holds the load or its limits are unknown.
func (r redoRoom) paced(s profile.Storage, threads int, fast, slow float64, buffered bool) (float64, float64, string) {
	fLo, fHi := r.pastAsync(r.LowBytes), r.pastAsync(r.HighBytes)
	if fHi == 0 {
		return fast, slow, ""
	}
	rnd := randBytesPerSec(s, threads)
	if rnd <= 0 {
		return fast, slow, fmt.Sprintf("; past its async point (%s) page flushing paces the load, at a random-write rate that was not measured", profile.HumanBytes(r.Lim.AsyncBytes))
	}
	rFast, rSlow, through := rnd, rnd, ""
	if buffered {
		rFast, rSlow = bufferedPageRates(s, rnd)
		through = fmt.Sprintf(" × %.0f–%.0f pages per write through the page cache", BufferedPagesPerIOLow, BufferedPagesPerIOHigh)
	}
	blend := func(rate, f, page float64) float64 { return 1 / ((1-f)/rate + f/min(rate, page)) }
	return blend(fast, fLo, rFast/PageAmpLow), blend(slow, fHi, rSlow/PageAmpHigh),
		fmt.Sprintf("; the load writes %s of redo, past the %s redo log's async flush point (%s), so the last %.0f-%.0f%% of it goes at %s random 16K writes/s%s ÷ %.1f-%.1fx (page flushing paces it, as when the data outgrows the pool)",
			bytesRange(r.LowBytes, r.HighBytes), profile.HumanBytes(r.Lim.CapacityBytes), profile.HumanBytes(r.Lim.AsyncBytes),
			100*fLo, 100*fHi, kilo(rnd/PageBytes), through, PageAmpLow, PageAmpHigh)
}

// RedoSessionsNote says why fewer sessions or a smaller pool do not help
// a load whose redo the log cannot hold: the same dump wrote the same
// redo per byte at 4 and 16 sessions and in a 2G and a 128M pool
// (1.288-1.290; docs/benchmarks/redo-per-byte.md), and a pool the data
// outgrows writes the pages while loading anyway (PageAmp).
const RedoSessionsNote = "fewer sessions or a smaller buffer pool do not shrink it: the same dump wrote 1.29 bytes of redo per byte at 4 and at 16 sessions, in a 2G and in a 128M pool (docs/benchmarks/redo-per-byte.md), and a pool the data outgrows writes its pages while loading anyway"

// redoRoomNote says, when the data fits the pool b but the redo log the
// load runs with cannot hold its redo, how much redo it writes, the
// limit, and from which dump byte page flushing at the disk's
// random-write rate paces it; "" when it holds or nothing is known.
func redoRoomNote(p *profile.Profile, b pool, threads int) string {
	r, data := b.room, dumpInnoDBBytes(p.Dump)
	if !r.Lim.known() || r.holds() || data == 0 || !b.fits(data) {
		return ""
	}
	rate := "not measured"
	if rnd := randBytesPerSec(p.Storage, threads); rnd > 0 {
		rate = fmt.Sprintf("%s 16K writes/s at %s", kilo(rnd/PageBytes), threadCount(threads))
		if b.buffered {
			rate += fmt.Sprintf(", %.0f–%.0f pages per write through the page cache", BufferedPagesPerIOLow, BufferedPagesPerIOHigh)
		}
	}
	return fmt.Sprintf("the redo log cannot hold the load: it writes %s; page flushing at the disk's random-write rate (%s) will pace it after about %s of dump (the async point ÷ %.2f bytes of redo per byte); %s",
		r.text(), rate, profile.HumanBytes(uint64(float64(r.Lim.AsyncBytes)/r.Ratio.high)), r.Ratio.high, RedoSessionsNote)
}
