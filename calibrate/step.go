package calibrate

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mytune/mytune/profile"
)

// progressEvery is how often a running step reports progress: 4 Hz is
// plenty for a status line (render.Progress redraws at most 10 Hz).
const progressEvery = 250 * time.Millisecond

// step is one point of the curve: n connections inserting until the
// deadline or until they have used the step's byte share.
type step struct {
	db       *sql.DB
	schema   string
	q        stmt
	batch    int
	n        int
	slice    time.Duration
	share    uint64
	timeout  time.Duration
	deadline time.Time

	used, rows atomic.Uint64
	budgetHit  atomic.Bool

	mu        sync.Mutex
	batchLat  []time.Duration
	commitLat []time.Duration
	err       error
}

func newStep(db *sql.DB, o Options, n int, slice time.Duration, share uint64) *step {
	return &step{db: db, schema: o.Schema, q: insertRows(o.BatchRows), batch: o.BatchRows, n: n,
		slice: slice, share: share, timeout: o.QueryTimeout}
}

// run starts the connections, reports progress while they insert and
// returns the step's point. A failed batch stops the step and is its error.
func (s *step) run(ctx context.Context, progress func(rowsPerS float64)) (profile.InsertPoint, error) {
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	start := time.Now()
	s.deadline = start.Add(s.slice)
	var wg sync.WaitGroup
	for i := range s.n {
		wg.Go(func() { s.worker(sctx, cancel, uint64(start.UnixNano())+uint64(i)) })
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
			progress(float64(s.rows.Load()) / time.Since(start).Seconds())
		}
	}
	elapsed := time.Since(start)
	if ctx.Err() != nil {
		return profile.InsertPoint{}, ctx.Err()
	}
	if s.err != nil {
		return profile.InsertPoint{}, fmt.Errorf("inserting at %d connections into %s: %w", s.n, s.schema, s.err)
	}
	p := s.point(elapsed)
	progress(p.RowsPerS)
	return p, nil
}

// worker inserts batches on one connection until the deadline, the byte
// share or a failure.
func (s *step) worker(ctx context.Context, stop context.CancelFunc, seed uint64) {
	defer func() { // a panic fails the step; Run's clean-up still drops the schema
		if r := recover(); r != nil {
			s.fail(fmt.Errorf("a loading connection panicked (a bug in mytune: please report it): %v", r))
			stop()
		}
	}()
	conn, err := s.db.Conn(ctx)
	if err != nil {
		if ctx.Err() == nil {
			s.fail(fmt.Errorf("opening an inserting connection: %w", err))
			stop()
		}
		return
	}
	defer conn.Close()
	rm := newRowMaker(seed)
	args := make([]any, 0, 3*s.batch)
	want := uint64(s.batch) * RowBytes
	for ctx.Err() == nil && time.Now().Before(s.deadline) {
		if s.used.Add(want) > s.share {
			s.budgetHit.Store(true)
			return
		}
		args = rm.fill(args[:0], s.batch)
		total, commit, err := s.insert(ctx, conn, args)
		if err != nil {
			if ctx.Err() == nil {
				s.fail(err)
				stop()
			}
			return
		}
		s.rows.Add(uint64(s.batch))
		s.mu.Lock()
		s.batchLat = append(s.batchLat, total)
		s.commitLat = append(s.commitLat, commit)
		s.mu.Unlock()
	}
}

// insert runs one batch as its own transaction on conn: START
// TRANSACTION, INSERT, COMMIT, each tagged (transaction.go); a failure
// rolls it back.
func (s *step) insert(ctx context.Context, conn *sql.Conn, args []any) (total, commit time.Duration, err error) {
	qc, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	t0 := time.Now()
	if err := sendTx(qc, conn, qBegin, s.timeout); err != nil {
		abandonTx(ctx, conn, s.timeout)
		return 0, 0, err
	}
	if _, err := conn.ExecContext(qc, s.q.in(s.schema), args...); err != nil {
		abandonTx(ctx, conn, s.timeout)
		return 0, 0, wrapDenied(err, s.schema, "inserting into")
	}
	tc := time.Now()
	if err := sendTx(qc, conn, qCommit, s.timeout); err != nil {
		abandonTx(ctx, conn, s.timeout)
		return 0, 0, fmt.Errorf("committing a batch: %w", err)
	}
	t1 := time.Now()
	return t1.Sub(t0), t1.Sub(tc), nil
}

// fail keeps the first error of the step.
func (s *step) fail(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err == nil {
		s.err = err
	}
}

// point summarises the step after its connections stopped.
func (s *step) point(elapsed time.Duration) profile.InsertPoint {
	rows := s.rows.Load()
	secs := elapsed.Seconds()
	p := profile.InsertPoint{Threads: s.n, Rows: rows, Batches: len(s.batchLat), DurationS: secs, BudgetReached: s.budgetHit.Load()}
	if secs > 0 {
		p.RowsPerS = float64(rows) / secs
		p.MBPerS = p.RowsPerS * RowBytes / 1e6
	}
	p.BatchP50US = percentileUS(s.batchLat, 50)
	p.BatchP99US = percentileUS(s.batchLat, 99)
	p.CommitP50US = percentileUS(s.commitLat, 50)
	p.CommitP99US = percentileUS(s.commitLat, 99)
	return p
}
