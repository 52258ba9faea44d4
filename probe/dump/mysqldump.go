package dump

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/mytune/mytune/profile"
)

// MaxScanBytes bounds how much of a mysqldump file is scanned: 256 MiB
// reads in about a second from an SSD; beyond it the counts are partial
// and a note says so.
const MaxScanBytes = 256 << 20

// readMysqldump scans a single mysqldump (or mariadb-dump) .sql, .sql.gz or
// .sql.zst file: its header (dump tool, "-- Server version"), CREATE TABLE and
// INSERT statements, and the bytes per table.
func readMysqldump(ctx context.Context, path string, size int64) (*profile.Dump, error) {
	comp := compressionOf(path)
	f, err := os.Open(path)
	if err != nil {
		return nil, dumpReadErr("reading dump file", path, err)
	}
	defer f.Close()
	if err := unsupportedDump(path, f); err != nil {
		return nil, err
	}
	if comp == "none" {
		comp = sniffCompression(f)
	}
	cf := &countingReader{r: f}
	r, closeR, err := decompressor(comp, cf)
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %s header unreadable: %w", path, ErrNotDump, comp, err)
	}
	defer closeR()
	d := &profile.Dump{Path: path, Format: FormatMysqldump, FileBytes: uint64(size), Compression: comp}
	sc := &sqlScan{t: newTally(), d: d, createdDBs: map[string]bool{}, model: newSQLModeller()}
	if err := sc.run(ctx, io.LimitReader(r, MaxScanBytes+1)); err != nil {
		switch {
		case ctx.Err() != nil || comp == "none":
			return nil, fmt.Errorf("scanning %s: %w", path, err)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return nil, fmt.Errorf("%s: the %s stream ends early (a truncated copy, or a dump still being written; `%s -t` tests the file): %w",
				path, comp, comp, err)
		}
		return nil, fmt.Errorf("%s: %w: not readable as %s (`%s -t` tests the file): %w", path, ErrNotDump, comp, comp, err)
	}
	sc.total(cf.n)
	if d.Tables == 0 && d.InsertStatements == 0 && d.Dumper == "" {
		if sc.xml {
			return nil, fmt.Errorf("%s: %w: an XML dump (mysqldump --xml, %s-compressed), which the mysql client cannot load: "+
				"dump the databases again without --xml (mysqldump --databases DB …) and give --dump that file", path, ErrNotDump, comp)
		}
		return nil, fmt.Errorf("%s: %w: expected a mysqldump .sql file (CREATE TABLE and INSERT statements), "+
			"a MySQL Shell dump directory (@.json) or a mydumper directory (metadata)", path, ErrNotDump)
	}
	return d, nil
}

// sniffCompression names the compression a file's first bytes show
// (gzip: 1f 8b, RFC 1952; zstd: 28 b5 2f fd, RFC 8878), for a compressed
// dump saved without its extension; "none" otherwise. It reads at
// offset 0 without moving the file's position.
func sniffCompression(f *os.File) string {
	var head [4]byte
	n, _ := f.ReadAt(head[:], 0)
	switch {
	case n >= 2 && head[0] == 0x1f && head[1] == 0x8b:
		return "gzip"
	case n == 4 && head == [4]byte{0x28, 0xb5, 0x2f, 0xfd}:
		return "zstd"
	}
	return "none"
}

// decompressor reads r through comp's decompressor ("gzip", "zstd"; "none"
// reads r itself) and how to release it.
func decompressor(comp string, r io.Reader) (io.Reader, func(), error) {
	switch comp {
	case "gzip":
		gz, err := gzip.NewReader(r)
		if err != nil {
			return nil, nil, err
		}
		return gz, func() { gz.Close() }, nil
	case "zstd":
		zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, nil, err
		}
		return zr, zr.Close, nil
	}
	return r, func() {}, nil
}

// total sets d.TotalBytes uncompressed: the file size for a plain file,
// the bytes decompressed for a gzip file read to its end, else (only the
// first MaxScanBytes read) extrapolated by the ratio of the part read;
// consumed is the compressed bytes the scan pulled from the file.
func (s *sqlScan) total(consumed int64) {
	d := s.d
	switch {
	case d.Compression == "none":
		d.TotalBytes, d.TotalBytesBasis = d.FileBytes, profile.DumpBytesUncompressed
	case s.read <= MaxScanBytes:
		d.TotalBytes, d.TotalBytesBasis = uint64(s.read), profile.DumpBytesUncompressed
	case consumed > 0:
		d.TotalBytes = uint64(float64(d.FileBytes) * float64(s.read) / float64(consumed))
		d.TotalBytesBasis = profile.DumpBytesEstimated
		d.Notes = append(d.Notes, fmt.Sprintf("uncompressed size estimated from the first %s (compression ratio %.1fx)",
			profile.HumanBytes(MaxScanBytes), float64(s.read)/float64(consumed)))
	default:
		d.TotalBytes, d.TotalBytesBasis = d.FileBytes, profile.DumpBytesOnDisk
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// sqlScan holds the state of one pass over a mysqldump file.
type sqlScan struct {
	t       *tally
	d       *profile.Dump
	schema  string
	usedDB  bool // a USE statement was seen
	current *profile.DumpTable
	// creating is set from a CREATE TABLE line to the line closing its
	// definitions, where mysqldump writes the table options.
	creating bool
	// altering, alterSchema: the table ("schema.table") and database of
	// the ALTER TABLE being read (alterForeignKeys); "" when none.
	altering, alterSchema string
	// createTail is set after those options when the statement goes on:
	// a partitioned table's PARTITION BY and "(PARTITION …" lines, which
	// are not rows, up to the line that ends the statement.
	createTail bool
	creates    int // CREATE TABLE statements
	read       int64
	// createdDBs are the databases a CREATE DATABASE made so far.
	createdDBs map[string]bool
	// xml is set when the first line opens an XML document (mysqldump --xml).
	xml bool
	// noAutocommit is set between a SET autocommit=0 and the SET that
	// turns it back on (mysqldump --no-autocommit).
	noAutocommit bool
	// model collects CREATE TABLE texts and first rows (modelTable).
	model *sqlModeller
	// delimiter is the mysql client's current DELIMITER ("" for ";"), and
	// inBody is set inside a statement under another one (schemaStatement).
	delimiter string
	inBody    bool
	// fileChecks' state: mysqldump's last line seen, a statement seen, and
	// the header's FOREIGN_KEY_CHECKS and TIME_ZONE lines before it.
	completed, statementSeen, headerChecks, headerTimeZone bool
	lineLen                                                int64
}

// run reads line starts only: extended INSERT lines run to megabytes, so
// long lines are consumed in buffer-sized pieces without being kept.
func (s *sqlScan) run(ctx context.Context, r io.Reader) error {
	br := bufio.NewReaderSize(r, 64<<10)
	atStart := true
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		piece, err := br.ReadSlice('\n')
		s.read += int64(len(piece))
		s.lineLen += int64(len(piece))
		s.t.text.write(piece)
		if atStart {
			s.line(piece)
		}
		if err == nil || errors.Is(err, io.EOF) {
			s.lineEnds(s.lineLen)
			s.lineLen = 0
		}
		if s.current != nil {
			s.current.Bytes += uint64(len(piece))
		}
		atStart = err == nil
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			if !errors.Is(err, io.EOF) {
				return err
			}
			break
		}
	}
	s.checksDone()
	s.t.fill(s.d)
	s.d.Chunks = 1
	models, note := s.model.models(func(key string) uint64 { return s.t.tables[key].Bytes })
	s.d.TableModels = models
	if note != "" {
		s.d.Notes = append(s.d.Notes, note)
	}
	s.transactionNote()
	s.loadNotes()
	if len(s.d.UncreatedDatabases) > 0 {
		one := len(s.d.UncreatedDatabases) == 1
		s.d.Notes = append(s.d.Notes, fmt.Sprintf("the file selects %s %s that it never creates (dumped with --no-create-db): "+
			"on a target without %s the load fails (\"Unknown database\")", map[bool]string{true: "database", false: "databases"}[one],
			quotedList(s.d.UncreatedDatabases), map[bool]string{true: "it", false: "them"}[one]))
	}
	if n := replicationNote(s.d.ReplicationStatements); n != "" {
		s.d.Notes = append(s.d.Notes, n)
	}
	if s.read > MaxScanBytes {
		s.d.ScannedBytes = MaxScanBytes
		s.d.Notes = append(s.d.Notes, fmt.Sprintf("only the first %s were scanned: table counts are partial", profile.HumanBytes(MaxScanBytes)))
	}
	return nil
}

// transactionNote says how many transactions a --no-autocommit file
// commits, and zeroes the count for any other (InsertStatements is it).
func (s *sqlScan) transactionNote() {
	if !s.d.AutocommitOff {
		s.d.Transactions = 0
		return
	}
	s.d.Notes = append(s.d.Notes, fmt.Sprintf("the file turns autocommit off around its INSERTs (mysqldump --no-autocommit): "+
		"its load commits %d transaction(s), not one per INSERT statement (%d)", s.d.Transactions, s.d.InsertStatements))
}

// reCreateDatabase is the start of the CREATE DATABASE mysqldump writes
// with --databases (unless --no-create-db): "CREATE DATABASE /*!32312 IF
// NOT EXISTS*/ `db`".
var reCreateDatabase = regexp.MustCompile(`(?i)^CREATE (?:DATABASE|SCHEMA) (?:/\*!\d+ )?(?:IF NOT EXISTS)?(?:\*/)? ?`)

// reDropDatabase is the start of the DROP DATABASE mysqldump writes with
// --add-drop-database, in its version comment or bare.
var reDropDatabase = regexp.MustCompile(`^(?:/\*!\d+ )?DROP (?:DATABASE|SCHEMA) (?:IF EXISTS )?`)

var (
	prefixCreate  = []byte("CREATE TABLE ")
	prefixSeq     = []byte("CREATE SEQUENCE ") // mariadb-dump writes a MariaDB sequence so, on one line
	prefixHost    = []byte("-- Host: ")
	prefixDrop    = []byte("DROP TABLE ")
	prefixEngine  = []byte(") ENGINE")
	prefixVersion = []byte("-- Server version")
)

// reSetAutocommit is a SET of autocommit, its last assignment's value
// captured: mysqldump --no-autocommit writes "set autocommit=0;" (MySQL)
// or "SET @OLD_AUTOCOMMIT=@@AUTOCOMMIT, @@AUTOCOMMIT=0;" (MariaDB 10.11)
// before a table's INSERTs and "SET AUTOCOMMIT=@OLD_AUTOCOMMIT;" after.
var reSetAutocommit = regexp.MustCompile(`(?i)^SET\s.*autocommit\s*=\s*(@?\w+)\s*;\s*$`)

// reCommit is the COMMIT mysqldump --no-autocommit writes after a
// table's INSERTs ("commit;" in MySQL's, "COMMIT;" in MariaDB's).
var reCommit = regexp.MustCompile(`(?i)^COMMIT\s*;`)

// transaction reads a line that turns autocommit off or on, or commits,
// and reports whether it was one.
func (s *sqlScan) transaction(b []byte) bool {
	if m := reSetAutocommit.FindSubmatch(b); m != nil {
		v := strings.ToUpper(string(m[1]))
		s.noAutocommit = v == "0" || v == "OFF"
		// @OLD_AUTOCOMMIT restores the session's own: on in the mysql client
		s.d.AutocommitOff = s.d.AutocommitOff || s.noAutocommit
		return true
	}
	if reCommit.Match(b) {
		s.d.Transactions++
		return true
	}
	return false
}

// line reads the start of one line.
func (s *sqlScan) line(b []byte) {
	if s.read == int64(len(b)) && bytes.HasPrefix(b, []byte("<?xml")) {
		s.xml = true
	}
	s.schemaStatement(b)
	s.fileChecks(b)
	if s.transaction(b) || s.replicationStatement(b) {
		return
	}
	if s.creating && s.current != nil && !bytes.HasPrefix(b, prefixCreate) {
		s.model.createLine(b)
	}
	if s.createTail {
		if s.createTail = partitionLine(b); s.createTail {
			if s.current != nil {
				s.model.partitionTail(s.current.Name, b)
				s.t.createTailLine(string(b))
			}
			s.createTail = !statementEnds(b)
			return
		}
	}
	if !s.creating && s.current != nil && len(b) > 0 && b[0] == '(' {
		s.model.rowLines(s.current.Name, b)
		return
	}
	s.alterForeignKeys(b)
	if !s.tableStatement(b) {
		s.headerStatement(b)
	}
}

// tableStatement reads a statement that starts or ends a table (INSERT,
// CREATE TABLE, its ENGINE line) and reports whether b was one.
func (s *sqlScan) tableStatement(b []byte) bool {
	switch {
	case reInsert.Match(b): // INSERT, INSERT IGNORE (--insert-ignore), REPLACE (--replace)
		s.d.InsertStatements++
		s.statementSeen = true
		if !s.noAutocommit {
			s.d.Transactions++ // its own transaction
		}
		s.creating = false
		after := b[reInsert.FindIndex(b)[1]:]
		s.d.InsertVerb = insertVerb(b)
		s.current = s.t.table(s.schemaName(), quotedName(after))
		if s.current.Chunks == 0 {
			s.current.Chunks = 1
		}
		s.model.insertPiece(s.current.Name, afterName(after))
		return true
	case bytes.HasPrefix(b, prefixCreate):
		rest := bytes.TrimPrefix(b[len(prefixCreate):], []byte("IF NOT EXISTS "))
		s.current = s.t.table(s.schemaName(), quotedName(rest))
		s.creating, s.statementSeen = true, true
		s.creates++
		s.model.create.Reset()
		s.model.createLine(afterName(rest))
		return true
	case bytes.HasPrefix(b, prefixSeq): // a table the sequence's state lives in (review r54: mydumper dumps it as one)
		name := s.t.table(s.schemaName(), quotedName(bytes.TrimPrefix(b[len(prefixSeq):], []byte("IF NOT EXISTS ")))).Name
		s.t.kinds[name] = tableKind{sequence: true}
		s.creating, s.statementSeen = false, true
		return true
	case bytes.HasPrefix(b, prefixEngine) && s.current != nil && s.creating:
		s.current.Engine = tableEngine("()" + string(b[1:]))
		s.t.createEnded(s.schemaName(), s.current.Name, s.model.createEnd(s.current.Name, s.current.Engine), string(b))
		s.creating, s.createTail = false, !statementEnds(b)
		return true
	}
	return false
}

// headerStatement reads the lines around the tables: DROP, CREATE and USE
// DATABASE, and the dump's header (host, server version, dumper).
func (s *sqlScan) headerStatement(b []byte) {
	switch {
	case bytes.HasPrefix(b, prefixDrop):
		s.d.DropsTables = true
	case reDropDatabase.Match(b): // mysqldump --add-drop-database
		name := b[reDropDatabase.FindIndex(b)[1]:]
		s.d.DropsDatabases = append(s.d.DropsDatabases, quotedName(name))
	case reCreateDatabase.Match(b):
		s.createdDBs[quotedName(b[reCreateDatabase.FindIndex(b)[1]:])] = true
	case reUse.Match(b): // the client takes "use `db`" as "USE `db`;" (a hand-edited file)
		s.schema, s.usedDB = useName(b[reUse.FindIndex(b)[1]:]), true
		if !s.createdDBs[s.schema] && !slices.Contains(s.d.UncreatedDatabases, s.schema) {
			s.d.UncreatedDatabases = append(s.d.UncreatedDatabases, s.schema)
		}
	case bytes.HasPrefix(b, prefixHost):
		if _, db, ok := bytes.Cut(b, []byte("Database: ")); ok {
			s.d.HeaderDatabase = strings.TrimSpace(string(db))
		}
	case bytes.HasPrefix(b, prefixVersion):
		s.d.SourceVersion = strings.TrimSpace(strings.TrimLeft(string(b[len(prefixVersion):]), ": \t"))
	case s.d.Dumper == "" && (bytes.HasPrefix(b, []byte("-- MySQL dump")) || bytes.HasPrefix(b, []byte("-- MariaDB dump"))):
		s.d.Dumper = strings.TrimSpace(strings.TrimPrefix(string(b), "-- "))
	}
}

// schemaName is the database the statements run in: the last USE, else
// the one the header names (a file dumped without --databases), else
// "(no database)".
func (s *sqlScan) schemaName() string {
	switch {
	case s.schema != "":
		return s.schema
	case s.d.HeaderDatabase != "":
		return s.d.HeaderDatabase
	}
	return "(no database)"
}

// quotedName reads a `quoted` (“ for a backtick in it) or bare
// identifier at the start of b.
func quotedName(b []byte) string {
	b = bytes.TrimLeft(b, " ")
	if name, _, ok := identifier(b); ok {
		return name
	}
	end := bytes.IndexAny(b, " (;\r\n")
	if end < 0 {
		end = len(b)
	}
	return string(b[:end])
}

// useName is the database a USE line selects, as the client's use command
// reads it: a `quoted` name, or a bare one up to white space or ";"
// ("use s.1" selects s.1: checked with MariaDB 10.11.19's client, review
// r67's open).
func useName(b []byte) string {
	b = bytes.TrimLeft(b, " ")
	if len(b) > 0 && b[0] == '`' {
		return quotedName(b)
	}
	if end := bytes.IndexAny(b, " \t;\r\n"); end >= 0 {
		b = b[:end]
	}
	return string(b)
}

// afterName is b after the table name at its start: the text a CREATE
// TABLE's definitions or an INSERT's rows are read from, so that a "(" in
// a name (`p(q)`) is not taken for theirs (review r67: the CREATE TABLE
// of `p(q)` was parsed from "q)` (" and its keys never read); b itself
// when no name is read.
func afterName(b []byte) []byte {
	if _, rest, ok := identifier(bytes.TrimLeft(b, " ")); ok {
		return rest
	}
	return b
}

// quotedList is names back-quoted and comma-separated.
func quotedList(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "`" + strings.ReplaceAll(n, "`", "``") + "`"
	}
	return strings.Join(quoted, ", ")
}

// partitionLine reports whether b is a line of a CREATE TABLE's partition
// clause as mysqldump and mariadb-dump write it after the table options:
// " PARTITION BY …", "(PARTITION `p` VALUES …", " PARTITION `p` …",
// " SUBPARTITION …", or MySQL's comment form, "/*!50100 PARTITION BY …"
// ("/*!50500 " before RANGE COLUMNS and LIST COLUMNS: any version).
func partitionLine(b []byte) bool {
	t := bytes.TrimLeft(b, " (")
	if v := reVersionComment.Find(t); v != nil {
		t = t[len(v):]
	}
	t = bytes.TrimLeft(t, " (")
	return bytes.HasPrefix(t, []byte("PARTITION")) || bytes.HasPrefix(t, []byte("SUBPARTITION"))
}

// reVersionComment is the opening of a versioned comment, "/*!50100 ".
var reVersionComment = regexp.MustCompile(`^/\*!\d+\s+`)

// statementEnds reports whether line b ends an SQL statement (its last
// non-blank byte is ';', or ';' before MySQL's closing "*/").
func statementEnds(b []byte) bool {
	t := bytes.TrimRight(b, " \t\r\n")
	t = bytes.TrimSuffix(t, []byte("*/"))
	t = bytes.TrimRight(t, " ")
	return bytes.HasSuffix(t, []byte(";"))
}

// loadNotes keeps what the file's load needs from the target: a database
// named on the mysql line (no USE), its tables made before (no CREATE
// TABLE: --no-create-info), and one client session.
func (s *sqlScan) loadNotes() {
	if !s.usedDB && s.d.Tables > 0 {
		s.d.NoUseStatement = true
		s.d.Notes = append(s.d.Notes, "the file selects no database (dumped without --databases): its load must name one")
	}
	s.d.Notes = append(s.d.Notes, "a mysqldump file loads through one client session: it cannot be restored in parallel")
	if s.creates == 0 && s.d.InsertStatements > 0 {
		s.d.CreatesNoTable = true
		s.d.Notes = append(s.d.Notes, "the file creates no table (dumped with --no-create-info): its tables must exist on the target "+
			"before it loads, or the first INSERT fails (\"Table … doesn't exist\")")
	}
}
