package calibrate

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/mytune/mytune/probe/dump"
)

// loadStep is what calibrate --dump's sessions share (gang): the
// statements they send, the step's byte share and the run's counters.
// Each session takes whole files of the sample in turn (as myloader's
// threads do) and loads them while the gang keeps it active, within the
// step's byte share and until the sample's end.
type loadStep struct {
	db    *sql.DB
	o     DumpOptions
	runID string

	sample *sample

	// used is the bytes sent in the current step (its share); sent all the
	// run sent; rows the rows committed.
	used, sent, rows atomic.Uint64
	// sentRows is the rows of every piece the server took or rolled back
	// (deadlock): a full pass over the sample sends all its rows.
	sentRows atomic.Uint64
	// twiceRows is the committed rows MariaDB's Handler_write counts
	// twice: those of partitioned tables (partitionedRows).
	twiceRows  atomic.Uint64
	statements atomic.Int64
	commits    atomic.Int64
	deadlocks  atomic.Int64
	files      atomic.Int64
	budgetHit  atomic.Bool
	ranOut     atomic.Bool
	stopNow    atomic.Bool

	// logFileBytes sizes the checkpoint age.
	logFileBytes uint64
	// maxPacket is the server's max_allowed_packet (packetError), 0 unknown.
	maxPacket uint64
	// pieceBytes is the size of a mydumper INSERT's pieces (0: the default).
	pieceBytes atomic.Int64

	mu  sync.Mutex
	err error
}

// tally is what one session loaded since it last took up work; keep, if
// set, says whether it may go on (the gang's count still includes it).
type tally struct {
	bytes, rows uint64
	keep        func() bool
	// inFlight, if set, holds the bytes of the piece the session is
	// sending (0 between pieces).
	inFlight *atomic.Int64
}

// on reports whether the session may send its next piece.
func (t *tally) on() bool { return t.keep == nil || t.keep() }

// flying records the piece in flight (0: none).
func (t *tally) flying(bytes int) {
	if t.inFlight != nil {
		t.inFlight.Store(int64(bytes))
	}
}

// add counts one statement the session completed.
func (t *tally) add(bytes, rows int) {
	t.bytes += uint64(bytes)
	t.rows += uint64(rows)
}

// piece is the size mydumper INSERTs are cut into.
func (s *loadStep) piece() int {
	if b := s.pieceBytes.Load(); b > 0 {
		return int(b)
	}
	return DefaultInsertPieceBytes
}

// going: within the step's byte share and the run not stopped.
func (s *loadStep) going() bool {
	return !s.budgetHit.Load() && !s.stopNow.Load()
}

// reserve takes n bytes of the step's share; false (and the budget
// flagged) when they do not fit.
func (s *loadStep) reserve(n int) bool {
	if s.used.Add(uint64(n)) > s.sample.share {
		s.used.Add(^uint64(n - 1))
		s.budgetHit.Store(true)
		return false
	}
	s.sent.Add(uint64(n))
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

// failed reports whether a session failed.
func (s *loadStep) failed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err != nil
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
