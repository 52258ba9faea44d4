package dump

import (
	"bytes"
	"strconv"
	"strings"
)

// sqlValue is one value of a dumped row: NULL, or the bytes it holds once
// unescaped (a string's characters as the dump encodes them, a hex
// literal's bytes, a number's digits).
type sqlValue struct {
	null  bool
	bytes int
	// chars is a string's characters (UTF-8 sequences; 0: as many as bytes).
	chars int
	// unknown marks a value the dump does not carry (a generated column
	// mydumper leaves out): sized from its type, its order unknown.
	unknown bool
	// num and key order values: a number's value (isNum), else the first
	// keyPrefix bytes of its text as dumped.
	num   float64
	isNum bool
	key   string
	// words counts a string's words as a FULLTEXT index tokenizes it
	// (ftWords).
	words int
}

// keyPrefix is how much of a string value is kept to order sampled keys.
const keyPrefix = 32

// before reports whether a sorts before b as an index orders them (NULL first).
func (a sqlValue) before(b sqlValue) bool {
	switch {
	case a.null || b.null:
		return a.null && !b.null
	case a.isNum && b.isNum:
		return a.num < b.num
	}
	return a.key < b.key
}

// sampledRows are rows read from the start of a table's data.
type sampledRows struct {
	rows [][]sqlValue
	// sqlBytes is the dump bytes the rows took, separators included.
	sqlBytes int
	// weights are the rows each sampled row stands for, in order; rows
	// past its end stand for one each.
	weights []float64
	// rowBytes are the dump bytes of each row (set with weights).
	rowBytes []float64
	// columns names the values' columns when the INSERT lists them (nil:
	// every stored column, in order).
	columns []string
	// longest is the longest INSERT statement read, in bytes.
	longest int
}

// parseTuples reads the complete rows of an INSERT's text after the table
// name ("(`a`,`b`) VALUES (1,'x'),(2,'y')" or " VALUES (…)"); a row cut
// short at the end of text is left out.
func parseTuples(rest []byte) sampledRows {
	var s sampledRows
	i := indexFoldASCII(rest[:min(len(rest), 64<<10)], "VALUES")
	if i < 0 {
		return s
	}
	if open, end := bytes.IndexByte(rest[:i], '('), bytes.LastIndexByte(rest[:i], ')'); open >= 0 && end > open {
		for _, c := range splitTop(string(rest[open+1:end]), ',') {
			s.columns = append(s.columns, identAt(strings.TrimSpace(c)))
		}
	} else if open >= 0 {
		return s // a column list never closed: not an INSERT this reader knows
	}
	more := tuplesFrom(rest[i+len("VALUES"):])
	s.rows, s.sqlBytes = more.rows, more.sqlBytes
	return s
}

// indexFoldASCII is the first index of word (upper-case ASCII) in b, ASCII
// letters matched in either case, -1 when absent. Unlike bytes.ToUpper it
// keeps b's offsets: invalid UTF-8 is not rewritten.
func indexFoldASCII(b []byte, word string) int {
	for i := 0; i+len(word) <= len(b); i++ {
		j := 0
		for j < len(word) && b[i+j]&^0x20 == word[j] {
			j++
		}
		if j == len(word) {
			return i
		}
	}
	return -1
}

// tuplesFrom reads the complete rows "(…),(…)" of b.
func tuplesFrom(b []byte) sampledRows {
	var s sampledRows
	for {
		start := bytes.IndexByte(b, '(')
		if start < 0 {
			return s
		}
		row, n, ok := parseTuple(b[start+1:])
		if !ok {
			return s
		}
		s.rows = append(s.rows, row)
		b = b[start+1+n+1:]
		sep := 0 // the separators after the row: ",", ",\n", ";\n"
		for sep < len(b) && bytes.IndexByte([]byte(",; \t\r\n"), b[sep]) >= 0 {
			sep++
		}
		sep = max(sep, 1) // a row cut at the end of the sample had one
		s.sqlBytes += n + 2 + sep
	}
}

// parseTuple reads values up to the tuple's closing parenthesis; n is the
// bytes read before it; ok is false when b ends first.
func parseTuple(b []byte) (row []sqlValue, n int, ok bool) {
	i := 0
	for i < len(b) {
		for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
			i++
		}
		v, used, ok := parseValue(b[i:])
		if !ok {
			return nil, 0, false
		}
		row = append(row, v)
		i += used
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i >= len(b) {
			return nil, 0, false
		}
		switch b[i] {
		case ',':
			i++
		case ')':
			return row, i, true
		default:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// parseValue reads one SQL literal: NULL, a number, 'string' (with
// backslash escapes and doubled quotes, an optional _charset introducer),
// 0x… or X'…' hex, b'…' bits.
func parseValue(b []byte) (v sqlValue, used int, ok bool) {
	if len(b) == 0 {
		return v, 0, false
	}
	i := 0
	if b[0] == '_' { // _binary 'x', _utf8mb4'x'
		for i < len(b) && b[i] != '\'' && b[i] != ',' && b[i] != ')' {
			i++
		}
		if i >= len(b) || b[i] != '\'' {
			return v, 0, false
		}
	}
	switch {
	case b[i] == '\'' || b[i] == '"':
		n, end, ok := quotedLen(b[i:])
		if !ok {
			return v, 0, false
		}
		text := b[i+1 : i+end-1]
		return sqlValue{bytes: n, chars: n - continuationBytes(text), key: string(text[:min(len(text), keyPrefix)]), words: ftWords(text)}, i + end, true
	case (b[i] == 'X' || b[i] == 'x' || b[i] == 'B' || b[i] == 'b') && i+1 < len(b) && b[i+1] == '\'':
		n, end, ok := quotedLen(b[i+1:])
		if b[i] == 'B' || b[i] == 'b' {
			return sqlValue{bytes: (n + 7) / 8}, i + 1 + end, ok
		}
		return sqlValue{bytes: n / 2}, i + 1 + end, ok
	}
	end := i
	for end < len(b) && b[end] != ',' && b[end] != ')' {
		end++
	}
	if end >= len(b) {
		return v, 0, false
	}
	word := bytes.TrimSpace(b[i:end])
	switch {
	case bytes.EqualFold(word, []byte("NULL")):
		return sqlValue{null: true}, end, true
	case len(word) > 2 && (word[1] == 'x' || word[1] == 'X') && word[0] == '0':
		return sqlValue{bytes: (len(word) - 2) / 2, key: string(word[:min(len(word), keyPrefix)])}, end, true
	}
	return numberValue(word), end, true
}

// numberValue is an unquoted literal: its digits, and its value when it parses.
func numberValue(word []byte) sqlValue {
	v := sqlValue{bytes: len(word), key: string(word[:min(len(word), keyPrefix)])}
	if f, err := strconv.ParseFloat(string(word), 64); err == nil {
		v.num, v.isNum = f, true
	}
	return v
}

// continuationBytes counts the UTF-8 continuation bytes (10xxxxxx) of b:
// its bytes less them are its characters.
func continuationBytes(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xC0 == 0x80 {
			n++
		}
	}
	return n
}

// quotedLen reads a quoted string at b[0]: the bytes it holds unescaped and
// where it ends (after the closing quote).
func quotedLen(b []byte) (n, end int, ok bool) {
	q := b[0]
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
			n++
		case q:
			if i+1 < len(b) && b[i+1] == q {
				i++
				n++
				continue
			}
			return n, i + 1, true
		default:
			n++
		}
	}
	return 0, 0, false
}

// parseTSV reads the complete lines of a MySQL Shell chunk (tab-separated,
// \N for NULL, backslash escapes: its default dialect, MySQL Shell manual,
// "Instance Dump Utility", dialect "default").
func parseTSV(b []byte) sampledRows {
	var s sampledRows
	for {
		nl := bytes.IndexByte(b, '\n')
		if nl < 0 {
			return s
		}
		line := b[:nl]
		s.sqlBytes += nl + 1
		b = b[nl+1:]
		var row []sqlValue
		for _, f := range bytes.Split(line, []byte("\t")) {
			if string(f) == `\N` {
				row = append(row, sqlValue{null: true})
				continue
			}
			v := numberValue(f)
			v.bytes = len(f) - bytes.Count(f, []byte(`\`))
			v.words = ftWords(f)
			row = append(row, v)
		}
		s.rows = append(s.rows, row)
	}
}
