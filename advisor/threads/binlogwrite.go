package threads

import (
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
}

// binlogWriteOf is the binary log a load into the target writes when it
// is not skipped: synced when sync_binlog is 1 (the advised my.cnf's, the
// server's or the my.cnf's; else the target's default: 1 on MySQL since
// 5.7.7, 0 on MariaDB (MariaDB KB, "sync_binlog")) and the durability is
// strict (relaxed sets sync_binlog = 0 for the load: settings.go).
func binlogWriteOf(p *profile.Profile, o Options) binlogWrite {
	w := binlogWrite{written: true}
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
	if w.synced {
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
// (InitSkipBinlog).
func binlogWrittenHow(d *profile.Dump) string {
	switch {
	case d != nil && d.Format == "mysqldump":
		return "the mysql line without its " + InitSkipBinlog
	case d != nil && d.Format == "mydumper":
		return "myloader --enable-binlog"
	case d != nil && d.Format == "mysqlsh":
		return "mysqlsh skipBinlog: false"
	}
	return "myloader --enable-binlog, mysqlsh skipBinlog: false"
}
