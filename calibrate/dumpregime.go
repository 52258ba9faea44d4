package calibrate

import (
	"context"
	"database/sql"
	"strconv"
	"time"

	"github.com/mytune/mytune/profile"
)

// counters is one reading of the server's status that calibrate --dump
// measures a step by; ok is false when it could not be read.
type counters struct {
	at           time.Time
	ok           bool
	rowsInserted uint64
	// handlerRows: rowsInserted is Handler_write (MariaDB), which counts
	// a partitioned table's rows twice.
	handlerRows bool
	// handlerWrite is Handler_write whichever counter rowsInserted is: it
	// counts the rows of every engine (Innodb_rows_inserted InnoDB's only).
	handlerWrite    uint64
	hasHandlerWrite bool
	// rowsBlind: some scratch tables are not InnoDB and the server sent
	// no Handler_write, so no row counter sees all their rows.
	rowsBlind          bool
	free, dirty, total uint64
	flushed            uint64
	checkpointAge      uint64
	hasCheckpointAge   bool
	lsn                uint64
	hasLSN             bool
	logFileBytes       uint64 // from the run, not the status
	readErr            error
}

// readCounters reads qLoadStatus within the query timeout. Innodb_rows_inserted
// (MySQL) and Handler_write (MariaDB 10.6+, which has no Innodb_rows_*)
// count every row as the statement inserts it, so a step's rows are
// counted up to its deadline, also those of statements still in flight.
// Innodb_rows_inserted wins when both come (the server sends them in
// name order).
func readCounters(ctx context.Context, db *sql.DB, logFileBytes uint64) counters {
	c := counters{at: time.Now(), logFileBytes: logFileBytes}
	qc, cancel := context.WithTimeout(context.WithoutCancel(ctx), DefaultQueryTimeout)
	defer cancel()
	rows, err := db.QueryContext(qc, qLoadStatus.in(""))
	if err != nil {
		c.readErr = err
		return c
	}
	defer rows.Close()
	seen, innodbRows := false, false
	for rows.Next() {
		var name, val string
		if rows.Scan(&name, &val) != nil {
			continue
		}
		v, err := strconv.ParseUint(val, 10, 64)
		if err != nil {
			continue
		}
		switch name {
		case "Innodb_rows_inserted": // preferred: InnoDB's own rows
			c.rowsInserted, seen, innodbRows, c.handlerRows = v, true, true, false
		case "Handler_write":
			c.handlerWrite, c.hasHandlerWrite = v, true
			if !innodbRows {
				c.rowsInserted, seen, c.handlerRows = v, true, true
			}
		case "Innodb_buffer_pool_pages_free":
			c.free = v
		case "Innodb_buffer_pool_pages_dirty":
			c.dirty = v
		case "Innodb_buffer_pool_pages_total":
			c.total = v
		case "Innodb_buffer_pool_pages_flushed":
			c.flushed = v
		case "Innodb_lsn_current", "Innodb_redo_log_current_lsn":
			c.lsn, c.hasLSN = v, true
		case "Innodb_checkpoint_age":
			c.checkpointAge, c.hasCheckpointAge = v, true
		}
	}
	c.readErr = rows.Err()
	c.ok = seen && c.readErr == nil
	return c
}

// everyEngine makes rowsInserted Handler_write, which counts the rows of
// every engine, when the scratch tables are not all InnoDB; ok is false
// when the server did not send it (then no row counter covers them).
func (c counters) everyEngine() (counters, bool) {
	if !c.hasHandlerWrite {
		return c, false
	}
	c.rowsInserted, c.handlerRows = c.handlerWrite, true
	return c, true
}

// otherEngines is the engines other than InnoDB the scratch tables of
// schema use (a dump's MyISAM or Aria tables); nil when all are InnoDB or
// it cannot be read.
func otherEngines(ctx context.Context, db *sql.DB, schema string) []string {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	rows, err := db.QueryContext(qc, qOtherEngines.in(schema), schema)
	if err != nil {
		return nil
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if rows.Scan(&e) == nil {
			out = append(out, e)
		}
	}
	return out
}

// logFileSize is @@innodb_log_file_size, 0 when unknown.
func logFileSize(ctx context.Context, db *sql.DB) uint64 {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var v sql.NullInt64
	if db.QueryRowContext(qc, qLogFileSize.in("")).Scan(&v) != nil || v.Int64 <= 0 {
		return 0
	}
	return uint64(v.Int64)
}

// regimeOf describes the window between two readings; nil when either failed.
func regimeOf(a, b counters) *profile.StepRegime {
	if !a.ok || !b.ok || a.total == 0 || b.total == 0 {
		return nil
	}
	r := &profile.StepRegime{PoolFreePctStart: pct(a.free, a.total), PoolFreePct: pct(b.free, b.total),
		PoolDirtyPctStart: pct(a.dirty, a.total), PoolDirtyPct: pct(b.dirty, b.total)}
	if b.flushed >= a.flushed {
		r.PagesFlushed = b.flushed - a.flushed
	}
	if v, ok := b.checkpointShare(); ok {
		r.CheckpointAgePct = &v
	}
	return r
}

// checkpointShare is the checkpoint age in % of the redo log, when known.
func (c counters) checkpointShare() (float64, bool) {
	if !c.hasCheckpointAge || c.logFileBytes == 0 {
		return 0, false
	}
	return pct(c.checkpointAge, c.logFileBytes), true
}

func pct(a, b uint64) float64 { return 100 * float64(a) / float64(b) }
