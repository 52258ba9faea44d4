package threads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// BinlogBytesPerSQLByte is the binary log a load writes per byte of SQL
// when it is not skipped: MariaDB's default binlog_format (MIXED) logs an
// INSERT … VALUES as its statement, the SQL text itself plus event headers
// (MariaDB KB, "Binary Log Formats"); MySQL 8's default (ROW) logs each
// row's image, which for sysbench's rows (INT, INT, CHAR(120), CHAR(60):
// 188 bytes) is about the 190 bytes of SQL a row takes. 1: the dump's
// bytes once more, written sequentially beside the redo log.
const BinlogBytesPerSQLByte = 1.0

// binlogWrite is the binary log a load writes (myloader --enable-binlog,
// mysqlsh loadDump skipBinlog: false): zero when the load skips it or the
// server has none.
type binlogWrite struct {
	written bool
	// synced: sync_binlog = 1 and strict durability, so each commit group
	// fsyncs the binary log as well as the redo log (the two-phase commit:
	// MySQL manual, "sync_binlog": "synchronization of the binary log to
	// disk before transactions are committed"; MariaDB KB, "Binary Log
	// Group Commit and InnoDB Flushing Performance": 2 syncs per group
	// commit with the binary log, where InnoDB alone does 1). A load
	// commits once per QueriesPerTransaction statements, a few times per
	// chunk file, so most of its redo writes are not commits and carry no
	// binary-log sync: the fast end adds none, the slow end one per log
	// write (as if every log write were a commit group).
	synced bool
	// perStatement: a mysqldump file's load, each statement its own
	// commit, whose syncs binlogSyncCost counts one by one (amps adds
	// none for them).
	perStatement bool
}

// binlogWriteOf is the binary log a load into the target writes when it
// is not skipped: synced when sync_binlog is 1 (the advised my.cnf's, the
// server's or the my.cnf's; else the target's default: 1 on MySQL since
// 5.7.7, 0 on MariaDB (MariaDB KB, "sync_binlog")) and the durability is
// strict (relaxed sets sync_binlog = 0 for the load: settings.go).
func binlogWriteOf(p *profile.Profile, o Options) binlogWrite {
	w := binlogWrite{written: true, perStatement: p.Dump != nil && p.Dump.Format == "mysqldump"}
	if o.Durability == DurabilityRelaxed {
		return w
	}
	for _, vars := range varSets(p, o) {
		if v, ok := vars["sync_binlog"]; ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			w.synced = err == nil && n == 1
			return w
		}
	}
	w.synced = !targetOf(p, o).IsMariaDB()
	return w
}

// amps adds the binary log to the disk's quotients: its bytes to the
// sequential one (bytes written per byte of SQL), its fsyncs to the slow
// end of the log-write one (writes per log write), and says so.
func (w binlogWrite) amps(seqLo, seqHi, syncLo, syncHi float64) (float64, float64, float64, float64, string) {
	if !w.written {
		return seqLo, seqHi, syncLo, syncHi, ""
	}
	text := "; the binary log written beside it: +1x the SQL in bytes (BinlogBytesPerSQLByte)"
	if w.synced && !w.perStatement {
		syncHi += FitHoldAmpHigh
		text += " and, with sync_binlog = 1, up to an fsync per log write (the slow end; the fast end none: a load commits once per " + strconv.Itoa(QueriesPerTransaction) + " statements)"
	}
	return seqLo + BinlogBytesPerSQLByte, seqHi + BinlogBytesPerSQLByte, syncLo, syncHi, text
}

// binlogEstimate is the load's estimate when the binary log is written
// (myloader --enable-binlog, as a replica chain needs), beside the
// advised load that skips it; zero unless the target's binary log is on,
// and zero when replicas read it (the advised load then writes it, and
// EstimatedLoad is that load's).
func binlogEstimate(p *profile.Profile, o Options, threads, cores int, b pool) DurationRange {
	if binlogState(p, o) != BinlogOn || replicating(p, o) {
		return DurationRange{}
	}
	b.binlog = binlogWriteOf(p, o)
	e := estimateLoad(p, threads, cores, b)
	if !e.IsZero() {
		e.Basis = "With the binary log written (" + binlogWrittenHow(p.Dump) + "): " + e.Basis
	}
	return e
}

// binlogWrittenHow says how the dump's load writes the binary log that
// the printed line skips: myloader's flag, mysqlsh's option, or for a
// mysqldump file the mysql line without its --init-command
// (InitSkipBinlog), and without its own SET @@SESSION.SQL_LOG_BIN= 0
// line when it has one (Dump.SessionBinlogOff).
func binlogWrittenHow(d *profile.Dump) string {
	switch {
	case d != nil && d.Format == "mysqldump" && d.SessionBinlogOff:
		return "the mysql line without its " + InitSkipBinlog + ", and the file without its SET @@SESSION.SQL_LOG_BIN= 0 line"
	case d != nil && d.Format == "mysqldump":
		return "the mysql line without its " + InitSkipBinlog
	case d != nil && d.Format == "mydumper":
		return "myloader --enable-binlog"
	case d != nil && d.Format == "mysqlsh":
		return "mysqlsh skipBinlog: false"
	}
	return "myloader --enable-binlog, mysqlsh skipBinlog: false"
}

// The binary log's syncs when a mysqldump file loads with it written and
// sync_binlog = 1 (binlogSyncCost): every statement the file runs commits
// on its own, and each, its INSERTs and its schema statements alike, is
// written to the log as its own event group and synced (MariaDB KB,
// "sync_binlog": "sync to disk after every write to the binary log"; a
// load of testdata/mariadb-dump-10.11-routines.sql wrote 22 event groups
// for its 1 INSERT and 21 schema statements). Fitted on the written runs
// less the skipped ones of the same sitting, one session, on MariaDB
// 10.11.19 (testdata/binlog-sync-fit/):
const (
	// BinlogSyncCommitsLow/High is one binary-log sync in the probe's
	// commit p50s where each write waits milliseconds (the latency bed):
	// the log grows with every event, so each sync also commits the file
	// system's journal, where the probe's 16K write + fdatasync rewrites
	// a file in place: 1.67-2.91 a sync in the 9 reps of 130 syncs at 3
	// and 6 ms a write (F3's lowest, F1's highest), the median of 33
	// syncs at 5 ms 2.36.
	BinlogSyncCommitsLow, BinlogSyncCommitsHigh = 1.6, 3.0
	// BinlogSyncIOsLow/High is the write I/Os one binary-log sync costs
	// where the disk's rate of random writes decides (the card and hdd
	// beds): paid at the probe's one-thread random-write rate; 1.06-1.47
	// in the 6 reps of 130 syncs at 100 and 150 IOPS (the bed's write
	// I/Os rose by 1.15 a sync, by 1.22-1.55 on the latency beds).
	BinlogSyncIOsLow, BinlogSyncIOsHigh = 1.05, 1.5
)

// binlogSyncs is the binary-log syncs a mysqldump file's load pays with
// the log written and synced: one a transaction (statementsOf) and one a
// schema statement (Dump.SchemaStatements, scaled to the whole file as
// statementsOf scales; a profile saved before mytune counted them: one
// CREATE TABLE a table, the least the file runs), and what they are.
func binlogSyncs(d *profile.Dump) (float64, string) {
	tx, schema, what := statementsOf(d), float64(d.SchemaStatements), "schema statements"
	if d.ScannedBytes > 0 && d.TotalBytes > d.ScannedBytes {
		schema *= float64(d.TotalBytes) / float64(d.ScannedBytes)
	}
	if d.SchemaStatements == 0 {
		schema, what = float64(d.Tables), "CREATE TABLE statements (at least: the profile does not count the file's schema statements)"
	}
	return tx + schema, fmt.Sprintf("%s transactions and %s %s", kilo(tx), kilo(schema), what)
}

// binlogSyncCost is the time a mysqldump file's load waits on the binary
// log's syncs, one after another, fast and slow: binlogSyncs each at the
// slower of BinlogSyncCommitsLow/High of the probe's commit p50 and
// BinlogSyncIOsLow/High write I/Os at its one-thread random-write rate;
// 0 unless the file is a mysqldump file whose load writes a synced binary
// log (myloader's and loadDump's commits group many statements: amps
// counts theirs), or when the disk was not measured.
func binlogSyncCost(s profile.Storage, d *profile.Dump, w binlogWrite) (fast, slow float64, text string) {
	if !w.written || !w.synced || !w.perStatement || d == nil {
		return 0, 0, ""
	}
	n, what := binlogSyncs(d)
	lat := s.Fsync.P50US / 1e6
	lo, hi := lat*BinlogSyncCommitsLow, lat*BinlogSyncCommitsHigh
	how := fmt.Sprintf("%.2g–%.2g of the probe's commit p50 (%s) each: the log grows with every event", BinlogSyncCommitsLow, BinlogSyncCommitsHigh, micros(s.Fsync.P50US))
	if iops := randBytesPerSec(s, 1) / PageBytes; iops > 0 && BinlogSyncIOsHigh/iops > hi {
		lo, hi = max(lo, BinlogSyncIOsLow/iops), BinlogSyncIOsHigh/iops
		how = fmt.Sprintf("%.2g–%.2g write I/Os each at the probe's %s random 16K writes/s (1 thread)", BinlogSyncIOsLow, BinlogSyncIOsHigh, kilo(iops))
	}
	if n <= 0 || hi <= 0 {
		return 0, 0, ""
	}
	fast, slow = n*lo, n*hi
	return fast, slow, fmt.Sprintf("; plus %s of binary-log syncs (sync_binlog = 1): %s, each its own event group, one after another, %s",
		secsRange(fast, slow), what, how)
}

// binlogFloorText says that the write-I/O floor, where it decides, has the
// binary log's syncs after it (they wait on the same disk); "" without
// them.
func binlogFloorText(fast, slow float64) string {
	if slow <= 0 {
		return ""
	}
	return fmt.Sprintf(", plus the binary log's syncs (%s, below)", secsRange(fast, slow))
}
