package dump

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// mysqldumpSource scans a mysqldump (or mariadb-dump) file, plain or
// compressed, for each table's CREATE TABLE and the offset and bytes of
// its INSERT statements. Only the first MaxScanBytes are scanned.
func mysqldumpSource(ctx context.Context, path string, size uint64) (*Source, error) {
	rc, err := OpenData(path)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	src := &Source{Path: path, Format: FormatMysqldump, OneSession: true}
	sc := mysqldumpScan{tables: map[string]SourceTable{}, files: map[string]*pending{}}
	sr := NewStatementReader(io.LimitReader(rc, MaxScanBytes))
	for n := 0; ; n++ {
		if n%1024 == 0 && ctx.Err() != nil {
			return nil, fmt.Errorf("scanning %s: %w", path, ctx.Err())
		}
		st, err := sr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("scanning %s: %w", path, err)
		}
		sc.statement(path, st)
	}
	if sr.offset >= MaxScanBytes {
		src.Notes = append(src.Notes, fmt.Sprintf("only the tables in the first %d MiB of the file are sampled", MaxScanBytes>>20))
	}
	var data []pending
	for _, p := range sc.order {
		data = append(data, *sc.files[p])
	}
	src.order(sc.tables, data)
	switch {
	case len(sc.tables) == 0 && len(sc.files) > 0:
		return nil, fmt.Errorf("%s: INSERT statements but no CREATE TABLE (dumped with --no-create-info): calibrate creates "+
			"each table in its scratch schema from the dump's own CREATE TABLE; give it a dump made with the table definitions", path)
	case len(src.Files) == 0 && size > 0 && len(sc.tables) == 0:
		return nil, fmt.Errorf("%s: %w: no CREATE TABLE or INSERT statement found", path, ErrNotDump)
	}
	return src, nil
}

// mysqldumpScan is the state of one pass over a mysqldump file.
type mysqldumpScan struct {
	schema  string
	charset string
	tables  map[string]SourceTable
	files   map[string]*pending
	order   []string
}

// statement records one statement: a USE switches the schema, a CREATE
// TABLE defines a table, an INSERT starts or extends the table's data.
func (s *mysqldumpScan) statement(path string, st Statement) {
	schema := st.Schema
	if schema == "" {
		schema = s.schema
	}
	key := schema + "." + st.Table
	switch st.Kind {
	case StmtUse:
		s.schema = st.Schema
	case StmtSetNames:
		s.charset = st.Charset
	case StmtCreateTable:
		s.tables[key] = SourceTable{Schema: schema, Name: st.Table, CreateRest: string(st.Rest)}
	case StmtInsert:
		p, ok := s.files[key]
		if !ok {
			p = &pending{key: key, chunk: key, file: DataFile{Path: path, Kind: KindSQL, Offset: st.Offset, Charset: s.charset, Section: true}}
			s.files[key] = p
			s.order = append(s.order, key)
		}
		p.file.Bytes += uint64(len(st.Text)) + 1
	}
}
