package calibrate

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mytune/mytune/probe/dump"
)

// loadStep is one step of calibrate --dump: n sessions, each taking whole
// files of the sample in turn (as myloader's threads do) and loading them
// until the deadline, the byte share or the sample's end.
type loadStep struct {
	db     *sql.DB
	o      DumpOptions
	sample *sample
	n      int
	slice  time.Duration
	runID  string

	deadline   time.Time
	used, rows atomic.Uint64
	statements atomic.Int64
	commits    atomic.Int64
	deadlocks  atomic.Int64
	files      atomic.Int64
	budgetHit  atomic.Bool
	ranOut     atomic.Bool
	stopNow    atomic.Bool

	// logFileBytes sizes the checkpoint age; until, if set, is asked at
	// every tick and ends the step (after its statements in flight) when
	// true: the warm-up's test of the regime.
	logFileBytes uint64
	until        func(counters) bool
	// first and last are the status readings at the start and at the
	// deadline (or at the end, when the step stopped before it); end
	// after the sessions' last commit.
	first, last, end counters

	mu       sync.Mutex
	err      error
	sessions []tally // one per session that loaded, at its end
	start    time.Time
}

// tally is what one session loaded in a step and when it stopped.
type tally struct {
	bytes, rows uint64
	secs        float64
}

// add counts one statement the session completed.
func (t *tally) add(bytes, rows int) {
	t.bytes += uint64(bytes)
	t.rows += uint64(rows)
}

// run loads with n sessions and returns the step's sample.
func (s *loadStep) run(ctx context.Context, round int, progress func(mbPerS float64)) (DumpSample, error) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.first = readCounters(ctx, s.db, s.logFileBytes)
	start := time.Now()
	s.start, s.deadline = start, start.Add(s.slice)
	var wg sync.WaitGroup
	for range s.n {
		wg.Go(func() { s.worker(sctx, cancel) })
	}
	s.watch(ctx, &wg, progress)
	elapsed := time.Since(start).Seconds()
	if ctx.Err() != nil {
		return DumpSample{}, ctx.Err()
	}
	if s.err != nil {
		return DumpSample{}, fmt.Errorf("loading the dump at %d sessions into %s: %w", s.n, s.o.Schema, s.err)
	}
	out := DumpSample{Round: round, Rows: s.rows.Load(), Bytes: s.used.Load(), Statements: int(s.statements.Load()),
		Commits: int(s.commits.Load()), Deadlocks: int(s.deadlocks.Load()), Files: int(s.files.Load()), DurationS: elapsed,
		BudgetReached: s.budgetHit.Load(), RanOut: s.ranOut.Load()}
	out.RowsPerS, out.MBPerS = s.rates()
	out.Basis = BasisSessions
	out.Regime = regimeOf(s.first, s.last)
	s.serverRates(&out)
	progress(out.MBPerS)
	return out, nil
}

// serverRates measures the step by the server's counters between its
// start and its deadline, when they were read at both and no other session
// inserted meanwhile (the server counted no more rows than the step's own
// transactions hold). Every session is busy over that whole window, so
// neither the drain after the deadline nor a 1 MB statement that straddles
// it (seconds on a slow card) decides the rate.
//
// The redo log's LSN is the counter of choice: it advances with every row
// as InnoDB inserts it, and converts to dump bytes by the bytes per redo
// byte of everything the run committed so far (start to last commit of
// each step). Without it, the rows inserted: MariaDB adds a statement's
// rows to Handler_write when the statement ends, too coarse for a window
// of a few statements (minWindowStatements).
func (s *loadStep) serverRates(out *DumpSample) {
	var bytes, rows uint64
	s.mu.Lock()
	for _, t := range s.sessions {
		bytes += t.bytes
		rows += t.rows
	}
	s.mu.Unlock()
	smp := s.sample
	smp.bytesSeen += bytes
	smp.rowsSeen += rows
	if s.first.hasLSN && s.end.hasLSN && s.end.lsn > s.first.lsn {
		smp.redoSeen += s.end.lsn - s.first.lsn
	}
	if !s.first.ok || !s.last.ok || s.last.rowsInserted < s.first.rowsInserted || smp.rowsSeen == 0 {
		return
	}
	n, win := s.last.rowsInserted-s.first.rowsInserted, s.last.at.Sub(s.first.at).Seconds()
	out.ServerRows, out.WindowS = n, win
	if win <= 0 || float64(n) > serverSlack*float64(rows) {
		out.ForeignRows = float64(n) > serverSlack*float64(rows)
		return
	}
	bytesPerRow := float64(smp.bytesSeen) / float64(smp.rowsSeen)
	if s.first.hasLSN && s.last.hasLSN && s.last.lsn > s.first.lsn && smp.redoSeen > 0 {
		out.RedoBytes = s.last.lsn - s.first.lsn
		out.Basis = BasisRedo
		out.MBPerS = float64(out.RedoBytes) / win * float64(smp.bytesSeen) / float64(smp.redoSeen) / 1e6
		out.RowsPerS = out.MBPerS * 1e6 / bytesPerRow
		return
	}
	if n == 0 || out.Statements > 0 && float64(n) < minWindowStatements*float64(s.n)*float64(rows)/float64(out.Statements) {
		return
	}
	out.Basis = BasisServer
	out.RowsPerS = float64(n) / win
	out.MBPerS = out.RowsPerS * bytesPerRow / 1e6
}

// minWindowStatements is the statements per session a window must hold
// before its server count is used: MariaDB 10.11 counts a multi-row
// INSERT's rows when it ends (Handler_write rose in steps of one 5024-row
// statement on the card bed), so four make the count's step at most a
// quarter of a session's share.
const minWindowStatements = 4

// serverSlack is how many more rows than the step committed the server may
// count in its window before calibrate decides another session was
// inserting too: a rolled-back (deadlocked) transaction's rows are counted
// by InnoDB and not by the step.
const serverSlack = 1.1

// watch waits for the sessions, reporting progress, reading the status
// at the deadline (the window's end: every session is still busy then)
// and asking until whether to stop early.
func (s *loadStep) watch(ctx context.Context, wg *sync.WaitGroup, progress func(float64)) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	dl := time.NewTimer(time.Until(s.deadline))
	defer dl.Stop()
	for {
		select {
		case <-done:
			s.end = readCounters(ctx, s.db, s.logFileBytes)
			if s.last.at.IsZero() { // stopped before the deadline: the window ends now
				s.last = s.end
			}
			return
		case <-dl.C:
			if s.last.at.IsZero() {
				s.last = readCounters(ctx, s.db, s.logFileBytes)
			}
		case <-tick.C:
			progress(float64(s.used.Load()) / 1e6 / time.Since(s.start).Seconds())
			if s.until != nil && !s.stopNow.Load() && s.until(readCounters(ctx, s.db, s.logFileBytes)) {
				s.stopNow.Store(true)
				s.last = readCounters(ctx, s.db, s.logFileBytes)
			}
		}
	}
}

// rates is the step's rows/s and MB/s: the sum over its sessions of what
// each loaded over its own time. A session that finished its statement in
// flight early does not count as idle while the others finish theirs; on a
// slow disk, where one statement takes about a step, bytes over the
// step's wall time would count n sessions' slowest statement against n.
func (s *loadStep) rates() (rowsPerS, mbPerS float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.sessions {
		if t.secs > 0 {
			rowsPerS += float64(t.rows) / t.secs
			mbPerS += float64(t.bytes) / 1e6 / t.secs
		}
	}
	return rowsPerS, mbPerS
}

// worker is one loading session on a connection of its own (a file's SET
// NAMES must stay on the session that loads it); the connection is
// discarded after, not returned to the pool with the dump's session settings.
func (s *loadStep) worker(ctx context.Context, stop context.CancelFunc) {
	defer func() { // a panic fails the step; RunDump's clean-up still drops the schema
		if r := recover(); r != nil {
			s.fail(fmt.Errorf("a loading session panicked (a bug in mytune: please report it): %v", r))
			stop()
		}
	}()
	conn, err := s.db.Conn(ctx)
	if err != nil {
		s.failUnlessDone(ctx, stop, fmt.Errorf("opening a loading session: %w", err))
		return
	}
	defer func() {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		conn.Close()
	}()
	if err := s.exec(ctx, conn, qLoadSession); err != nil {
		s.failUnlessDone(ctx, stop, wrapDenied(err, s.o.Schema, "setting up a loading session for"))
		return
	}
	var t tally
	defer func() {
		t.secs = time.Since(s.start).Seconds()
		s.mu.Lock()
		s.sessions = append(s.sessions, t)
		s.mu.Unlock()
	}()
	for ctx.Err() == nil && s.going() {
		fs := s.sample.cur.take()
		if fs == nil {
			s.ranOut.Store(true)
			return
		}
		s.files.Add(1)
		err := s.loadFile(ctx, conn, fs, &t)
		s.sample.cur.give(fs)
		if err != nil {
			s.failUnlessDone(ctx, stop, err)
			return
		}
	}
}

// going: before the deadline and within the byte share.
func (s *loadStep) going() bool {
	return time.Now().Before(s.deadline) && !s.budgetHit.Load() && !s.stopNow.Load()
}

// reserve takes n bytes of the step's share; false (and the budget
// flagged) when they do not fit.
func (s *loadStep) reserve(n int) bool {
	if s.used.Add(uint64(n)) > s.sample.share {
		s.used.Add(^uint64(n - 1))
		s.budgetHit.Store(true)
		return false
	}
	return true
}

// loadFile loads one data file from where the run left it, until its
// end, the deadline or the budget.
func (s *loadStep) loadFile(ctx context.Context, conn *sql.Conn, fs *fileState, t *tally) error {
	u, err := fs.reader()
	if err != nil {
		return err
	}
	if fs.charset != "" {
		if err := s.execArgs(ctx, conn, qSetNames, fs.charset); err != nil {
			return fmt.Errorf("applying character set %s for %s: %w", fs.charset, fs.f.Path, err)
		}
	}
	if fs.f.Kind == dump.KindTSV {
		return s.loadTSV(ctx, conn, u, fs, t)
	}
	return s.loadSQL(ctx, conn, u, fs, t)
}

// execer is a connection or a transaction.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// exec runs one of calibrate's statements on ex within the query timeout.
func (s *loadStep) exec(ctx context.Context, ex execer, q stmt) error {
	qc, cancel := context.WithTimeout(ctx, s.o.QueryTimeout)
	defer cancel()
	_, err := ex.ExecContext(qc, q.in(s.o.Schema))
	return err
}

// execArgs is exec with parameters.
func (s *loadStep) execArgs(ctx context.Context, ex execer, q stmt, args ...any) error {
	qc, cancel := context.WithTimeout(ctx, s.o.QueryTimeout)
	defer cancel()
	_, err := ex.ExecContext(qc, q.in(s.o.Schema), args...)
	return err
}

// execDump runs one statement built from the dump.
func (s *loadStep) execDump(ctx context.Context, ex execer, q dumpStmt) error {
	qc, cancel := context.WithTimeout(ctx, s.o.QueryTimeout)
	defer cancel()
	_, err := ex.ExecContext(qc, q.in(s.o.Schema))
	return err
}

// fail keeps the first error of the step.
func (s *loadStep) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// failUnlessDone records err and stops the step, unless the step was
// cancelled (then the error is the cancellation's doing).
func (s *loadStep) failUnlessDone(ctx context.Context, stop context.CancelFunc, err error) {
	if ctx.Err() == nil {
		s.fail(err)
		stop()
	}
}
