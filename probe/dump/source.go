package dump

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Kinds of DataFile.
const (
	// KindSQL files hold INSERT statements (mydumper, mysqldump).
	KindSQL = "sql"
	// KindTSV files hold tab-separated rows for LOAD DATA (MySQL Shell).
	KindTSV = "tsv"
)

// Source is what of a dump can be loaded: its tables with their CREATE
// TABLE statements and its data files, in the order a parallel loader
// would take them. Unlike Read it opens the schema files (and scans a
// mysqldump file) but loads nothing.
type Source struct {
	Path   string
	Format string
	// Charset is the character set of a MySQL Shell dump's chunks
	// (@.json defaultCharacterSet); "" for SQL dumps, whose files SET NAMES.
	Charset string
	Tables  []SourceTable
	// Files are the loadable data files, tables interleaved (file 0 of each
	// table from the largest down, then file 1, …), as calibrate hands them out.
	Files []DataFile
	// FileBytes is every file of the dump, on disk.
	FileBytes uint64
	// DataBytes is the data files uncompressed, as a loader sends them
	// (dataBytes); 0 when unknown (compressed files that could not be read).
	DataBytes uint64
	// OneSession says the dump restores through one client session
	// (a mysqldump file: mysql < dump.sql).
	OneSession bool
	// Notes say what was left out and why.
	Notes []string
}

// SourceTable is one table of a dump.
type SourceTable struct {
	Schema, Name string
	// CreateRest is the dump's CREATE TABLE text after the table's name:
	// the definitions and table options.
	CreateRest string
	// Columns are the chunk columns of a MySQL Shell table, in order.
	Columns []string
	// Bytes is the table's data files on disk.
	Bytes uint64
}

// DataFile is one data file (or, for mysqldump, one table's INSERTs).
type DataFile struct {
	Path  string
	Table int    // index into Source.Tables
	Kind  string // KindSQL or KindTSV
	Bytes uint64 // on disk; for mysqldump the table's INSERT bytes uncompressed
	// Offset is where a mysqldump table's first INSERT starts in the
	// uncompressed file; 0 for one-file-per-chunk dumps.
	Offset int64
	// Charset is the SET NAMES in force where a mysqldump table's data
	// starts ("" for the other formats: their files SET NAMES themselves).
	Charset string
	// Section says the unit is one table's part of a whole-dump file
	// (mysqldump): it ends where that table's INSERTs end.
	Section bool
}

// OpenSource reads the loadable tables and data files of the dump at path.
// A directory gets Budget's time for the files it lists, as Read (review
// r16: a dump of 100000 tables took 34 s to list and read, past the flat
// 30 s that was left here after Read had its budget).
func OpenSource(ctx context.Context, path string) (*Source, error) {
	parent := ctx
	_, bounded := ctx.Deadline()
	if !bounded {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(parent, DefaultTimeout)
		defer cancel()
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading dump %s: %w (give --dump the dump directory or .sql file)", path, err)
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	var src *Source
	if !st.IsDir() {
		if src, err = mysqldumpSource(ctx, path, uint64(st.Size())); src != nil {
			src.FileBytes = uint64(st.Size())
		}
	} else {
		files, lerr := listFiles(ctx, path)
		if lerr != nil {
			return nil, lerr
		}
		if !bounded {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(parent, Budget(len(files)))
			defer cancel()
		}
		switch {
		case files.has("@.json"):
			src, err = shellSource(ctx, path, files, nil)
		case looksLikeMydumper(files):
			if err = unsupportedMydumper(path, files); err == nil {
				src, err = mydumperSource(ctx, path, files, nil)
			}
		default:
			err = otherDirError(path, files)
		}
		if src != nil {
			src.FileBytes = files.sum()
		}
	}
	if err != nil {
		return nil, err
	}
	if len(src.Files) == 0 {
		why := "the dump holds no table data (schema files only?)"
		if len(src.Notes) > 0 {
			why = strings.Join(src.Notes, "; ")
		}
		return nil, fmt.Errorf("%s: no table data calibrate can load: %s", path, why)
	}
	if n, ok := dataBytes(ctx, src); ok {
		src.DataBytes = n
	}
	return src, nil
}

// pending is a data file before the tables are numbered.
type pending struct {
	key   string // schema.table
	chunk string // file name, for a stable order within a table
	file  DataFile
}

// order numbers the tables (largest data first) and interleaves their
// files: the first file of each table, then the second, and so on.
func (s *Source) order(tables map[string]SourceTable, files []pending) {
	byTable := map[string][]pending{}
	for _, f := range files {
		if _, ok := tables[f.key]; ok {
			byTable[f.key] = append(byTable[f.key], f)
		}
	}
	keys := make([]string, 0, len(byTable))
	for k, fs := range byTable {
		sort.Slice(fs, func(i, j int) bool { return fs[i].chunk < fs[j].chunk })
		keys = append(keys, k)
	}
	bytesOf := func(k string) (n uint64) {
		for _, f := range byTable[k] {
			n += f.file.Bytes
		}
		return n
	}
	sort.Slice(keys, func(i, j int) bool {
		if bi, bj := bytesOf(keys[i]), bytesOf(keys[j]); bi != bj {
			return bi > bj
		}
		return keys[i] < keys[j]
	})
	for i, k := range keys {
		t := tables[k]
		t.Bytes = bytesOf(k)
		s.Tables = append(s.Tables, t)
		for j := range byTable[k] {
			byTable[k][j].file.Table = i
		}
	}
	for round := 0; ; round++ {
		added := false
		for _, k := range keys {
			if round < len(byTable[k]) {
				s.Files = append(s.Files, byTable[k][round].file)
				added = true
			}
		}
		if !added {
			return
		}
	}
}

// readCreate reads the first CREATE TABLE statement of a schema file.
func readCreate(path string) (string, error) {
	rest, _, err := readCreateNames(path)
	return rest, err
}

// readCreateNames is readCreate and the character set the last SET NAMES
// before that CREATE TABLE sets (lower case; "" when none does): mydumper
// 0.10 opens every schema file with "/*!40101 SET NAMES binary*/;".
func readCreateNames(path string) (rest, names string, err error) {
	rc, err := OpenData(path)
	if err != nil {
		return "", "", err
	}
	defer rc.Close()
	sr := NewStatementReader(rc)
	for {
		st, err := sr.Next()
		if err != nil {
			return "", "", fmt.Errorf("no CREATE TABLE in %s: %w", path, err)
		}
		switch st.Kind {
		case StmtSetNames:
			names = st.Charset
		case StmtCreateTable:
			return string(st.Rest), names, nil
		}
	}
}
