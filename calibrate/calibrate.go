// Package calibrate measures, on a live server, how a restore-like insert
// workload scales with connections: batched multi-row INSERTs, one commit
// per batch (the myloader pattern), at 1, 2, 4, 8 and 16 connections. It
// is the one part of mytune that writes to a server, and only inside a
// scratch schema it creates itself, marks as its own and drops on every
// exit path. It knows nothing of the advisor: the knee and the comparison
// with advise's prediction are made from its Result by the caller.
package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// Run creates the scratch schema o.Schema (refusing one that exists),
// runs one step per o.Threads entry, and drops the schema again, also when
// a step fails or ctx is cancelled (then on a fresh context bounded by
// CleanupTimeout). It raises db's pool to the largest step plus one. On
// error the Result holds the steps done so far and whether the schema was
// dropped, and the error says so (explain).
func Run(ctx context.Context, db *sql.DB, o Options) (*profile.CalibrationResult, error) {
	res, err := run(ctx, db, o)
	return res, explain(err, res == nil || res.SchemaDropped)
}

// run is Run before its error is worded for the user.
func run(ctx context.Context, db *sql.DB, o Options) (*profile.CalibrationResult, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	res := &profile.CalibrationResult{Workload: workloadOf(o), Points: []profile.InsertPoint{}}
	res.Server = serverInfo(ctx, db, o.QueryTimeout)
	o.Threads, res.Notes = capByConnections(ctx, db, o.Threads, res.Notes)
	maxBytes, notes, err := capInsertBySpace(ctx, db, o)
	if err != nil {
		return nil, err
	}
	o.MaxBytes, o.spaceHeld, res.Notes = maxBytes, maxBytes < o.MaxBytes, append(res.Notes, notes...)
	res.Workload.MaxBytes = maxBytes
	db.SetMaxOpenConns(o.maxConns())
	db.SetMaxIdleConns(o.maxConns())
	if err := claim(ctx, db, o.Schema, newOwner(), o.QueryTimeout); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	err = runSteps(ctx, db, o, res)
	if derr := dropSchema(ctx, db, o.Schema); derr != nil {
		err = errors.Join(err, derr)
	} else {
		res.SchemaDropped = true
	}
	return res, err
}

// capByConnections keeps the connection counts the server has free
// sessions for (max_connections less those open, as calibrate --dump
// does), noting the ones left out: a 16-connection step on a server with
// max_connections 10 failed the run with "Too many connections" and
// took every free slot the server had.
func capByConnections(ctx context.Context, db *sql.DB, want []int, notes []string) ([]int, []string) {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	var maxConns int
	err := db.QueryRowContext(qc, qMaxConnections.in("")).Scan(&maxConns)
	cancel()
	if err != nil {
		return want, notes
	}
	kept, capped := capThreads(want, math.MaxInt32, roomFor(ctx, db, maxConns))
	if len(kept) == 0 {
		return want, notes // nothing fits: let the first step say so
	}
	for _, c := range capped {
		notes = append(notes, "left out: "+c)
	}
	return kept, notes
}

// workloadOf describes the workload of o.
func workloadOf(o Options) profile.InsertWorkload {
	return profile.InsertWorkload{Schema: o.Schema, Table: RowsTable, RowBytes: RowBytes, BatchRows: o.BatchRows, MaxBytes: o.MaxBytes,
		Pattern: fmt.Sprintf("multi-row INSERT of %d sysbench-like rows (~%d B each) into one InnoDB table "+
			"with an AUTO_INCREMENT key, one transaction per statement", o.BatchRows, RowBytes)}
}

// serverInfo reads the version; a failure leaves it empty (the workload
// itself will fail with a clearer error if the server is gone).
func serverInfo(ctx context.Context, db *sql.DB, timeout time.Duration) profile.CalibratedServer {
	qc, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var v, comment sql.NullString
	if err := db.QueryRowContext(qc, qVersion.in("")).Scan(&v, &comment); err != nil {
		return profile.CalibratedServer{}
	}
	version := profile.CleanVersion(v.String)
	return profile.CalibratedServer{Version: version, Flavor: server.DetectFlavor(version, comment.String)}
}

// BinlogOn reports whether the server writes a binary log, so that
// calibrate's scratch writes would reach it and any replica.
func BinlogOn(ctx context.Context, db *sql.DB) (bool, error) {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var on bool
	if err := db.QueryRowContext(qc, qLogBin.in("")).Scan(&on); err != nil {
		return false, fmt.Errorf("reading @@log_bin: %w", err)
	}
	return on, nil
}

// Datadir asks the server where its data directory is, so the caller can
// probe that disk when it is on this machine.
func Datadir(ctx context.Context, db *sql.DB) (string, error) {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var dir sql.NullString
	if err := db.QueryRowContext(qc, qDatadir.in("")).Scan(&dir); err != nil {
		return "", fmt.Errorf("reading @@datadir: %w", err)
	}
	return dir.String, nil
}

// Hostname asks the server which host it runs on (@@hostname), so the
// caller can tell a profile of another host from one of this server's.
func Hostname(ctx context.Context, db *sql.DB) (string, error) {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var host sql.NullString
	if err := db.QueryRowContext(qc, qHostname.in("")).Scan(&host); err != nil {
		return "", fmt.Errorf("reading @@hostname: %w", err)
	}
	return host.String, nil
}

// runSteps runs each step on a fresh table, dropped after it so the table
// never grows past one step's share of the budget.
func runSteps(ctx context.Context, db *sql.DB, o Options, res *profile.CalibrationResult) error {
	start := time.Now()
	even := o.Duration / time.Duration(len(o.Threads))
	share := o.MaxBytes / uint64(len(o.Threads))
	warm(ctx, db, o.maxConns())
	for i, n := range o.Threads {
		if err := exec(ctx, db, o.QueryTimeout, qCreateRows, o.Schema); err != nil {
			return stepErr(ctx, wrapDenied(err, o.Schema, "creating a table in the scratch schema"))
		}
		slice := stepSlice(start.Add(o.Duration), time.Now(), len(o.Threads)-i, even)
		st := newStep(db, o, n, slice, share)
		p, err := st.run(ctx, func(rowsPerS float64) {
			if o.Progress != nil {
				o.Progress(Progress{Threads: n, Elapsed: time.Since(start), Total: o.Duration, RowsPerS: rowsPerS})
			}
		})
		if err == nil {
			res.Points = append(res.Points, p)
			res.BytesInserted += p.Rows * RowBytes
			if p.BudgetReached {
				res.Notes = append(res.Notes, budgetNote(o, n, share, slice))
			}
			err = exec(ctx, db, o.QueryTimeout, qDropRows, o.Schema)
		}
		if err != nil {
			return stepErr(ctx, err)
		}
	}
	res.DurationS = time.Since(start).Seconds()
	return nil
}

// stepSlice is the time of the next of left steps: an even share of what
// is left of the run until deadline, so the time one step overran (its
// batches in flight at its deadline, the table's creation, the warm-up) is
// taken from the steps after it and the run keeps to --duration; never
// under a quarter of the even slice, so a late step still measures.
func stepSlice(deadline, now time.Time, left int, even time.Duration) time.Duration {
	slice := deadline.Sub(now) / time.Duration(max(left, 1))
	return max(slice, even/4)
}

// budgetNote says a step reached its share of the run's bytes before its
// time, and what gives it more: --max-bytes, or, when the free space held
// the run below it, free space on the server. The slice is rounded to
// hundredths of a second: "4.43s", not the clock's "4.433013851s".
func budgetNote(o Options, n int, share uint64, slice time.Duration) string {
	slice = slice.Round(10 * time.Millisecond)
	if o.spaceHeld {
		return fmt.Sprintf("the %d-connection step reached its share of the bytes the free space allows (%s, see above) before its %s: "+
			"free space on the server for a full step", n, profile.HumanBytes(share), slice)
	}
	return fmt.Sprintf("the %d-connection step reached its share of --max-bytes (%s) before its %s: "+
		"raise --max-bytes for a full step", n, profile.HumanBytes(share), slice)
}

// stepErr prefers the cancellation over whatever error it caused.
func stepErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// warm opens n connections before the first step, so that no step pays
// for connection handshakes. Errors are left to the steps to report.
func warm(ctx context.Context, db *sql.DB, n int) {
	conns := make([]*sql.Conn, 0, n)
	for range n {
		c, err := db.Conn(ctx)
		if err != nil {
			break
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Close()
	}
}
