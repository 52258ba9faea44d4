package dump

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// MaxStatementBytes bounds one statement of a dump: 64 MiB, MySQL 8.0's
// default max_allowed_packet (MySQL manual, "max_allowed_packet"), which a
// server would refuse past anyway. mydumper (-s, 1,000,000 bytes by
// default) and mysqldump (net_buffer_length, at most 1 MiB per extended
// INSERT) write far smaller ones.
const MaxStatementBytes = 64 << 20

// StatementKind says what a dump statement is, as calibrate needs it.
type StatementKind int

// Statement kinds calibrate tells apart; everything else is StmtOther.
const (
	StmtOther StatementKind = iota
	StmtInsert
	StmtCreateTable
	StmtSetNames
	StmtUse
)

// Statement is one statement of a dump file.
type Statement struct {
	Kind StatementKind
	// Text is the whole statement without its ';' (valid until the next Next).
	Text []byte
	// Offset is where the statement starts in the uncompressed stream.
	Offset int64
	// Schema and Table name the table of an Insert or CreateTable (Schema
	// only when qualified), or the schema of a Use.
	Schema, Table string
	// Verb is "INSERT", "INSERT IGNORE" or "REPLACE" for an Insert.
	Verb string
	// Rest is an Insert's or CreateTable's text after the table name.
	Rest []byte
	// Rows is an Insert's row count: the tuples of its VALUES list,
	// quoted strings skipped (rowCount).
	Rows int
	// Charset is a SetNames statement's character set.
	Charset string
}

// StatementReader splits a dump's SQL into statements the way myloader
// 0.10 does: a statement ends with a line that ends in ';'. mydumper and
// mysqldump escape newlines inside values (mysql_real_escape_string), so
// a raw newline never falls inside a string. Comment lines (--, #) between
// statements are skipped.
type StatementReader struct {
	br     *bufio.Reader
	offset int64
	buf    []byte
}

// readBufferBytes is a StatementReader's read buffer: 64 KiB, a few
// pipe or readahead-sized reads (Linux pipe buffers are 64 KiB, pipe(7)).
// A longer line is gathered across reads into the statement, so the size
// bounds only memory: a dump of 20,000 tables opens 60,000 files, and a
// 1 MiB buffer each made 60 GB of allocation (QA 18).
const readBufferBytes = 64 << 10

// NewStatementReader reads statements from r (already decompressed).
func NewStatementReader(r io.Reader) *StatementReader {
	return &StatementReader{br: bufio.NewReaderSize(r, readBufferBytes)}
}

// Next returns the next statement, io.EOF after the last one. A final
// statement without ';' is returned too.
func (r *StatementReader) Next() (Statement, error) {
	r.buf = r.buf[:0]
	start := r.offset
	for {
		line, err := r.br.ReadSlice('\n')
		r.offset += int64(len(line))
		if len(r.buf) == 0 && skippable(line) && err == nil {
			start = r.offset
			continue
		}
		if len(r.buf)+len(line) > MaxStatementBytes {
			return Statement{}, fmt.Errorf("a statement at byte %d is larger than %d MiB: not a dump calibrate can load", start, MaxStatementBytes>>20)
		}
		r.buf = append(r.buf, line...)
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			if !errors.Is(err, io.EOF) {
				return Statement{}, err
			}
			text := bytes.TrimSpace(r.buf)
			if len(text) == 0 || (len(r.buf) == len(line) && skippable(line)) {
				return Statement{}, io.EOF
			}
			return classify(bytes.TrimSuffix(text, []byte(";")), start), nil
		}
		if err == nil && endsStatement(line) {
			text := bytes.TrimSuffix(bytes.TrimSpace(r.buf), []byte(";"))
			return classify(text, start), nil
		}
	}
}

// skippable is a blank or comment line between statements.
func skippable(line []byte) bool {
	t := bytes.TrimSpace(line)
	return len(t) == 0 || bytes.HasPrefix(t, []byte("--")) || t[0] == '#'
}

// endsStatement: the line, trimmed, ends in ';'.
func endsStatement(line []byte) bool {
	t := bytes.TrimRight(line, " \t\r\n")
	return len(t) > 0 && t[len(t)-1] == ';'
}

var (
	reInsert   = regexp.MustCompile(`(?i)^(INSERT(?:\s+IGNORE)?|REPLACE)\s+INTO\s+`)
	reCreate   = regexp.MustCompile(`(?i)^CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?`)
	reUse      = regexp.MustCompile(`(?i)^USE\s+`)
	reSetNames = regexp.MustCompile(`(?i)^(?:/\*!\d*\s*)?SET\s+NAMES\s+'?([A-Za-z0-9_]+)'?`)
	reSpaces   = regexp.MustCompile(`\s+`)
)

// headBytes is how much of a statement the head patterns look at.
const headBytes = 256

// classify reads the head of one statement.
func classify(text []byte, offset int64) Statement {
	s := Statement{Text: text, Offset: offset}
	head := text[:min(len(text), headBytes)]
	switch {
	case reInsert.Match(head):
		m := reInsert.FindSubmatchIndex(head)
		schema, table, rest, ok := qualifiedName(text[m[1]:])
		if !ok {
			return s
		}
		s.Kind, s.Schema, s.Table, s.Rest = StmtInsert, schema, table, rest
		s.Verb = strings.ToUpper(reSpaces.ReplaceAllString(string(head[m[2]:m[3]]), " "))
		s.Rows = rowCount(rest)
	case reCreate.Match(head):
		m := reCreate.FindIndex(head)
		if schema, table, rest, ok := qualifiedName(text[m[1]:]); ok {
			s.Kind, s.Schema, s.Table, s.Rest = StmtCreateTable, schema, table, rest
		}
	case reUse.Match(head):
		m := reUse.FindIndex(head)
		if name, _, ok := identifier(text[m[1]:]); ok {
			s.Kind, s.Schema = StmtUse, name
		}
	case reSetNames.Match(head):
		s.Kind, s.Charset = StmtSetNames, strings.ToLower(string(reSetNames.FindSubmatch(head)[1]))
	}
	return s
}

// qualifiedName reads `schema`.`table` or `table` at the start of b and
// returns the text after it.
func qualifiedName(b []byte) (schema, table string, rest []byte, ok bool) {
	first, rest, ok := identifier(b)
	if !ok {
		return "", "", nil, false
	}
	if len(rest) > 0 && rest[0] == '.' {
		second, after, ok := identifier(rest[1:])
		if !ok {
			return "", "", nil, false
		}
		return first, second, after, true
	}
	return "", first, rest, true
}

// identifier reads a back-quoted (“ doubles a quote) or bare identifier.
func identifier(b []byte) (string, []byte, bool) {
	if len(b) == 0 {
		return "", nil, false
	}
	if b[0] != '`' {
		end := 0
		for end < len(b) && isBare(b[end]) {
			end++
		}
		return string(b[:end]), b[end:], end > 0
	}
	var name []byte
	for i := 1; i < len(b); i++ {
		if b[i] != '`' {
			name = append(name, b[i])
			continue
		}
		if i+1 < len(b) && b[i+1] == '`' {
			name = append(name, '`')
			i++
			continue
		}
		return string(name), b[i+1:], len(name) > 0
	}
	return "", nil, false
}

func isBare(c byte) bool {
	return c == '_' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
