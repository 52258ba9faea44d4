package dump

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// UnitReader reads the loadable content of one DataFile: the INSERT (and
// SET NAMES) statements of an SQL file, or pieces of whole lines of a TSV
// chunk. It is not safe for concurrent use.
type UnitReader struct {
	f       DataFile
	table   string // a mysqldump unit ends where this table's INSERTs end
	rc      io.ReadCloser
	sr      *StatementReader
	br      *bufio.Reader
	started bool
}

// OpenUnit opens f; table is the unit's table name (Source.Tables[f.Table].Name).
func OpenUnit(f DataFile, table string) (*UnitReader, error) {
	rc, err := OpenData(f.Path)
	if err != nil {
		return nil, err
	}
	if sk, ok := rc.(io.Seeker); ok && f.Offset > 0 { // a plain file: no need to read what comes before
		if _, err := sk.Seek(f.Offset, io.SeekStart); err != nil {
			rc.Close()
			return nil, fmt.Errorf("seeking to table %s in %s: %w", table, f.Path, err)
		}
	} else if f.Offset > 0 { // compressed: decompress and discard up to it
		if _, err := io.CopyN(io.Discard, rc, f.Offset); err != nil {
			rc.Close()
			return nil, fmt.Errorf("skipping to table %s in %s: %w", table, f.Path, err)
		}
	}
	u := &UnitReader{f: f, table: table, rc: rc}
	if f.Kind == KindTSV {
		u.br = bufio.NewReaderSize(rc, 1<<20)
	} else {
		u.sr = NewStatementReader(rc)
	}
	return u, nil
}

// Close releases the file.
func (u *UnitReader) Close() error { return u.rc.Close() }

// Next returns the next INSERT or SET NAMES statement of an SQL unit, and
// io.EOF at its end (for a mysqldump unit: the first statement after the
// table's INSERTs). Other statements (SET, LOCK TABLES…) are skipped.
func (u *UnitReader) Next() (Statement, error) {
	if u.sr == nil {
		return Statement{}, errors.New("Next on a TSV unit: use NextLines")
	}
	for {
		st, err := u.sr.Next()
		if err != nil {
			return st, err
		}
		if u.f.Section {
			if st.Kind != StmtInsert || st.Table != u.table {
				if u.started {
					return Statement{}, io.EOF
				}
				continue
			}
		}
		switch st.Kind {
		case StmtInsert:
			u.started = true
			return st, nil
		case StmtSetNames:
			return st, nil
		}
	}
}

// NextLines returns up to max bytes of whole lines of a TSV unit (one
// line longer than max comes alone), with the line count; io.EOF at the end.
func (u *UnitReader) NextLines(max int) ([]byte, int, error) {
	if u.br == nil {
		return nil, 0, errors.New("NextLines on an SQL unit: use Next")
	}
	var out []byte
	for len(out) < max {
		line, err := u.br.ReadSlice('\n')
		out = append(out, line...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			if errors.Is(err, io.EOF) && len(out) > 0 {
				break
			}
			return nil, 0, err
		}
		if b, _ := u.br.Peek(1); len(b) == 0 {
			break
		}
	}
	lines := bytes.Count(out, []byte("\n"))
	if len(out) > 0 && out[len(out)-1] != '\n' {
		lines++
	}
	return out, lines, nil
}
