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
	next       atomic.Int64
	used, rows atomic.Uint64
	statements atomic.Int64
	commits    atomic.Int64
	files      atomic.Int64
	budgetHit  atomic.Bool
	ranOut     atomic.Bool

	mu  sync.Mutex
	err error
}

// run loads with n sessions and returns the step's sample.
func (s *loadStep) run(ctx context.Context, round int, progress func(mbPerS float64)) (DumpSample, error) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	s.deadline = start.Add(s.slice)
	var wg sync.WaitGroup
	for range s.n {
		wg.Go(func() { s.worker(sctx, cancel) })
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	for waiting := true; waiting; {
		select {
		case <-done:
			waiting = false
		case <-tick.C:
			progress(float64(s.used.Load()) / 1e6 / time.Since(start).Seconds())
		}
	}
	elapsed := time.Since(start).Seconds()
	if ctx.Err() != nil {
		return DumpSample{}, ctx.Err()
	}
	if s.err != nil {
		return DumpSample{}, fmt.Errorf("loading the dump at %d sessions into %s: %w", s.n, s.o.Schema, s.err)
	}
	out := DumpSample{Round: round, Rows: s.rows.Load(), Bytes: s.used.Load(), Statements: int(s.statements.Load()),
		Commits: int(s.commits.Load()), Files: int(s.files.Load()), DurationS: elapsed,
		BudgetReached: s.budgetHit.Load(), RanOut: s.ranOut.Load()}
	if elapsed > 0 {
		out.RowsPerS, out.MBPerS = float64(out.Rows)/elapsed, float64(out.Bytes)/1e6/elapsed
	}
	progress(out.MBPerS)
	return out, nil
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
	for ctx.Err() == nil && s.going() {
		i := s.next.Add(1) - 1
		if i >= int64(len(s.sample.files)) {
			s.ranOut.Store(true)
			return
		}
		s.files.Add(1)
		if err := s.loadFile(ctx, conn, s.sample.files[i]); err != nil {
			s.failUnlessDone(ctx, stop, err)
			return
		}
	}
}

// going: before the deadline and within the byte share.
func (s *loadStep) going() bool {
	return time.Now().Before(s.deadline) && !s.budgetHit.Load()
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

// loadFile loads one data file until its end, the deadline or the budget.
func (s *loadStep) loadFile(ctx context.Context, conn *sql.Conn, f dump.DataFile) error {
	u, err := dump.OpenUnit(f, s.o.Source.Tables[f.Table].Name)
	if err != nil {
		return err
	}
	defer u.Close()
	if f.Charset != "" {
		if err := s.execArgs(ctx, conn, qSetNames, f.Charset); err != nil {
			return fmt.Errorf("applying character set %s for %s: %w", f.Charset, f.Path, err)
		}
	}
	if f.Kind == dump.KindTSV {
		return s.loadTSV(ctx, conn, u, f)
	}
	return s.loadSQL(ctx, conn, u, f)
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
