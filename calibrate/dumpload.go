package calibrate

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sync/atomic"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/probe/dump"
)

// loadSQL sends a file's INSERTs. A mydumper file loads as myloader 0.10
// loads it: in transactions of CommitEvery of the file's statements,
// committed at the end of the file (and here at the deadline), each
// statement sent as pieces of whole rows (splitValues) inside its
// transaction, so a step's deadline waits for a piece, not a 1 MB
// statement; a mysqldump table as the mysql client does: each statement
// whole and committed on its own (autocommit).
func (s *loadStep) loadSQL(ctx context.Context, conn *sql.Conn, u *dump.UnitReader, fs *fileState, tl *tally) error {
	f := fs.f
	batched := s.o.Source.Format == dump.FormatMydumper
	t := &txn{conn: conn, timeout: s.o.QueryTimeout, batched: batched, every: s.o.CommitEvery, commits: &s.commits}
	defer t.rollback(ctx)
	for ctx.Err() == nil && s.going() && tl.on() {
		if fs.pend == nil {
			more, err := s.nextInsert(ctx, t, u, fs, batched)
			if err != nil {
				return err
			}
			if !more {
				break
			}
			continue
		}
		p := fs.pend
		if !s.reserve(p.bytes()) {
			break
		}
		ex, err := t.begin(ctx)
		if err != nil {
			return err
		}
		tl.flying(p.bytes())
		q := p.query()
		err = s.execDump(ctx, ex, q)
		tl.flying(0)
		if err != nil {
			fs.pend = nil
			if isDeadlock(err) { // InnoDB rolled the transaction back: its rows are not loaded, nor counted
				s.deadlocks.Add(1)
				t.rollback(ctx)
				continue
			}
			if pe := packetError(err, f.Path, p.offset, len(q.head)+len(q.body), s.maxPacket); pe != nil {
				return pe
			}
			return wrapDenied(fmt.Errorf("an INSERT of %s at byte %d: %w", f.Path, p.offset, err), s.o.Schema, "loading into")
		}
		last := p.advance()
		s.sentRows.Add(uint64(p.sentRows))
		t.pend(p.sent, p.sentRows, last)
		if !last {
			continue
		}
		fs.pend = nil
		if err := t.done(ctx); err != nil {
			return s.commitErr(err, f.Path)
		}
		s.credit(t, tl, f.Table)
	}
	if err := t.commit(ctx); err != nil {
		return s.commitErr(err, f.Path)
	}
	s.credit(t, tl, f.Table)
	return nil
}

// nextInsert reads the file's next statement into fs.pend (applying a
// SET NAMES on the way); false at the end of the file.
func (s *loadStep) nextInsert(ctx context.Context, t *txn, u *dump.UnitReader, fs *fileState, split bool) (bool, error) {
	st, err := u.Next()
	if errors.Is(err, io.EOF) {
		fs.done = true
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", fs.f.Path, err)
	}
	if st.Kind == dump.StmtSetNames {
		fs.charset = st.Charset
		if err := s.execArgs(ctx, t.execer(), qSetNames, st.Charset); err != nil {
			return false, fmt.Errorf("applying character set %s of %s: %w", st.Charset, fs.f.Path, err)
		}
		return true, nil
	}
	piece := 0
	if split {
		piece = s.piece()
	}
	p, err := newPendingInsert(st, fs.f.Table, piece)
	if err != nil {
		return false, fmt.Errorf("%s, offset %d: %w", fs.f.Path, st.Offset, err)
	}
	fs.pend = p
	return true, nil
}

// isDeadlock is InnoDB's "Deadlock found when trying to get lock" (error
// 1213, ER_LOCK_DEADLOCK): the server rolled the whole transaction back
// (MySQL manual, "Deadlocks in InnoDB"), and a loader retries it.
func isDeadlock(err error) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == 1213
}

// commitErr is a failed commit: a deadlock at commit is counted like one
// at an INSERT (nothing of the transaction was loaded); anything else
// ends the step.
func (s *loadStep) commitErr(err error, path string) error {
	if isDeadlock(err) {
		s.deadlocks.Add(1)
		return nil
	}
	return fmt.Errorf("committing a transaction of %s: %w", path, err)
}

// credit counts what the session's transactions committed since the last
// credit: rows, statements and bytes enter the step's rates only once
// committed, so a transaction a deadlock rolled back adds nothing.
func (s *loadStep) credit(t *txn, tl *tally, table int) {
	s.rows.Add(t.doneRows)
	if s.partitioned(table) {
		s.twiceRows.Add(t.doneRows)
	}
	s.statements.Add(int64(t.doneStmts))
	tl.bytes += t.doneBytes
	tl.rows += t.doneRows
	t.doneBytes, t.doneRows, t.doneStmts = 0, 0, 0
}

// partitioned says whether table i of the source is partitioned
// (PARTITION BY in its CREATE TABLE, version comment or not): MariaDB's
// Handler_write counts each row into one twice, the partitioning handler's
// write and the partition's (QA on MariaDB 10.11: 10 rows into a
// 4-partition table added 20), so those rows are counted twice against it.
func (s *loadStep) partitioned(i int) bool {
	if s.o.Source == nil {
		return false
	}
	t := s.o.Source.Tables
	return i >= 0 && i < len(t) && rePartitionBy.MatchString(t[i].CreateRest)
}

// rePartitionBy finds a CREATE TABLE's partitioning clause.
var rePartitionBy = regexp.MustCompile(`(?i)\bPARTITION\s+BY\b`)

// txn groups a session's statements: in transactions of every statements
// when batched, else each on its own (autocommit, counted as a commit).
// calibrate sends the transaction's statements itself on conn
// (transaction.go); open says one is.
type txn struct {
	conn    *sql.Conn
	timeout time.Duration
	batched bool
	every   int
	open    bool
	n       int
	commits *atomic.Int64
	// pending is what the open transaction (or the last autocommit
	// statement) holds; done what committed and is not yet credited.
	pendBytes, pendRows, doneBytes, doneRows uint64
	pendStmts, doneStmts                     int
}

// pend records a piece the server accepted, not yet committed; last
// when it ends one of the dump's statements.
func (t *txn) pend(bytes, rows int, last bool) {
	t.pendBytes += uint64(bytes)
	t.pendRows += uint64(rows)
	if last {
		t.pendStmts++
	}
}

// settle moves what is pending to done (committed) or drops it (rolled back).
func (t *txn) settle(committed bool) {
	if committed {
		t.doneBytes += t.pendBytes
		t.doneRows += t.pendRows
		t.doneStmts += t.pendStmts
	}
	t.pendBytes, t.pendRows, t.pendStmts = 0, 0, 0
}

// execer is the session's connection, inside the open transaction if any.
func (t *txn) execer() execer {
	return t.conn
}

// begin opens a transaction when batched and none is open.
func (t *txn) begin(ctx context.Context) (execer, error) {
	if t.batched && !t.open {
		if err := sendTx(ctx, t.conn, qBegin, t.timeout); err != nil {
			abandonTx(ctx, t.conn, t.timeout)
			return nil, fmt.Errorf("starting a transaction: %w", err)
		}
		t.open = true
	}
	return t.execer(), nil
}

// done counts a statement: it committed itself (autocommit), or it may
// complete a batch of every statements.
func (t *txn) done(ctx context.Context) error {
	if !t.batched {
		t.commits.Add(1)
		t.settle(true)
		return nil
	}
	if t.n++; t.n >= t.every {
		return t.commit(ctx)
	}
	return nil
}

// commit commits the open transaction, if any; a failed commit is rolled
// back (a deadlock at commit already was, by the server).
func (t *txn) commit(ctx context.Context) error {
	if !t.open {
		return nil
	}
	err := sendTx(ctx, t.conn, qCommit, t.timeout)
	if err != nil {
		abandonTx(ctx, t.conn, t.timeout)
	}
	t.open, t.n = false, 0
	t.commits.Add(1)
	t.settle(err == nil)
	return err
}

// rollback ends a transaction an error or the end of the session left
// open (also after ctx ended: abandonTx); what it held is dropped.
func (t *txn) rollback(ctx context.Context) {
	if t.open {
		abandonTx(ctx, t.conn, t.timeout)
	}
	t.open, t.n = false, 0
	t.settle(false)
}

// loadTSV sends a MySQL Shell chunk as LOAD DATA LOCAL INFILE of pieces
// of whole lines, each its own transaction (autocommit), through a reader
// registered with the driver under a name of this run.
func (s *loadStep) loadTSV(ctx context.Context, conn *sql.Conn, u *dump.UnitReader, fs *fileState, tl *tally) error {
	f := fs.f
	t := s.o.Source.Tables[f.Table]
	for ctx.Err() == nil && s.going() && tl.on() {
		piece, lines, err := u.NextLines(DefaultPieceBytes)
		if errors.Is(err, io.EOF) {
			fs.done = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", f.Path, err)
		}
		if !s.reserve(len(piece)) {
			return nil
		}
		name := fmt.Sprintf("mytune-%s-%d", s.runID, readerSeq.Add(1))
		q, err := loadData(name, f.Table, s.o.Source.Charset, t.Columns)
		if err != nil {
			return fmt.Errorf("table %s.%s: %w", t.Schema, t.Name, err)
		}
		mysql.RegisterReaderHandler(name, func() io.Reader { return bytes.NewReader(piece) })
		tl.flying(len(piece))
		err = s.exec(ctx, conn, q)
		tl.flying(0)
		mysql.DeregisterReaderHandler(name)
		s.sentRows.Add(uint64(lines))
		if isDeadlock(err) { // InnoDB rolled the piece back (its own transaction): not loaded, not counted
			s.deadlocks.Add(1)
			continue
		}
		if err != nil {
			return loadDataErr(err, f.Path)
		}
		s.rows.Add(uint64(lines))
		if s.partitioned(f.Table) {
			s.twiceRows.Add(uint64(lines))
		}
		tl.add(len(piece), lines)
		s.statements.Add(1)
		s.commits.Add(1)
	}
	return nil
}

// readerSeq numbers the LOAD DATA readers of this process.
var readerSeq atomic.Uint64

// loadDataErr says what to do when the server refuses LOAD DATA LOCAL.
func loadDataErr(err error, path string) error {
	switch serverErrNo(err) {
	case 1148, 3948, 4166: // ER_NOT_ALLOWED_COMMAND, MySQL's ER_CLIENT_LOCAL_FILES_DISABLED, MariaDB's ER_LOAD_INFILE_CAPABILITY_DISABLED
		return fmt.Errorf("the server refuses loading a client file (%w): MySQL Shell's loadDump needs local_infile=ON too; "+
			"turn the global local_infile on for the restore, then calibrate again", err)
	}
	return fmt.Errorf("loading chunk %s: %w", path, err)
}
