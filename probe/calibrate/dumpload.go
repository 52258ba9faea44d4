package calibrate

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/probe/dump"
)

// loadSQL sends a file's INSERTs. A mydumper file loads as myloader 0.10
// loads it: in transactions of CommitEvery statements, committed at the
// end of the file (and here at the deadline); a mysqldump table as the
// mysql client does: each statement committed on its own (autocommit).
func (s *loadStep) loadSQL(ctx context.Context, conn *sql.Conn, u *dump.UnitReader, f dump.DataFile) error {
	batched := s.o.Source.Format == dump.FormatMydumper
	var tx *sql.Tx
	inTx := 0
	commit := func() error {
		if tx == nil {
			return nil
		}
		err := tx.Commit()
		tx, inTx = nil, 0
		s.commits.Add(1)
		if err != nil {
			return fmt.Errorf("committing a transaction of %s: %w", f.Path, err)
		}
		return nil
	}
	defer func() {
		if tx != nil {
			_ = tx.Rollback()
		}
	}()
	for ctx.Err() == nil && s.going() {
		st, err := u.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("reading %s: %w", f.Path, err)
		}
		var ex execer = conn
		if tx != nil {
			ex = tx
		}
		if st.Kind == dump.StmtSetNames {
			if err := s.execArgs(ctx, ex, qSetNames, st.Charset); err != nil {
				return fmt.Errorf("applying character set %s of %s: %w", st.Charset, f.Path, err)
			}
			continue
		}
		q, err := insertLoad(st.Verb, f.Table, st.Rest)
		if err != nil {
			return fmt.Errorf("%s, offset %d: %w", f.Path, st.Offset, err)
		}
		if !s.reserve(len(st.Text)) {
			break
		}
		if batched && tx == nil {
			if tx, err = conn.BeginTx(ctx, nil); err != nil {
				return fmt.Errorf("starting a transaction: %w", err)
			}
			ex = tx
		}
		if err := s.execDump(ctx, ex, q); err != nil {
			return wrapDenied(fmt.Errorf("an INSERT of %s at byte %d: %w", f.Path, st.Offset, err), s.o.Schema, "loading into")
		}
		s.rows.Add(uint64(st.Rows))
		s.statements.Add(1)
		if !batched {
			s.commits.Add(1)
		} else if inTx++; inTx >= s.o.CommitEvery {
			if err := commit(); err != nil {
				return err
			}
		}
	}
	return commit()
}

// loadTSV sends a MySQL Shell chunk as LOAD DATA LOCAL INFILE of pieces
// of whole lines, each its own transaction (autocommit), through a reader
// registered with the driver under a name of this run.
func (s *loadStep) loadTSV(ctx context.Context, conn *sql.Conn, u *dump.UnitReader, f dump.DataFile) error {
	t := s.o.Source.Tables[f.Table]
	for ctx.Err() == nil && s.going() {
		piece, lines, err := u.NextLines(DefaultPieceBytes)
		if errors.Is(err, io.EOF) {
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
		err = s.exec(ctx, conn, q)
		mysql.DeregisterReaderHandler(name)
		if err != nil {
			return loadDataErr(err, f.Path)
		}
		s.rows.Add(uint64(lines))
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
	case 1148, 3948: // ER_NOT_ALLOWED_COMMAND, ER_CLIENT_LOCAL_FILES_DISABLED
		return fmt.Errorf("the server refuses loading a client file (%w): MySQL Shell's loadDump needs local_infile=ON too; "+
			"turn the global local_infile on for the restore, then calibrate again", err)
	}
	return fmt.Errorf("loading chunk %s: %w", path, err)
}
