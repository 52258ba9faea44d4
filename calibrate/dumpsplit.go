package calibrate

import (
	"bytes"

	"github.com/mytune/mytune/probe/dump"
)

// valuesPiece is a run of whole rows of one INSERT: body is the tuples as
// the dump wrote them, "(…),(…)", a contiguous slice of the statement.
type valuesPiece struct {
	body []byte
	rows int
}

// splitValues splits the text of an INSERT after its table name
// ("[(cols)] VALUES (…),(…)…") into head, the text up to and including
// the VALUES keyword, and pieces of whole rows of about pieceBytes each
// (a row longer than pieceBytes comes alone). head+piece is an INSERT of
// the piece's rows. It splits only between tuples at depth 0 outside
// quoted strings ('…', "…", `…`, honouring backslash escapes; a doubled
// quote closes and reopens the string, which scans the same), so commas,
// parentheses and quotes inside values never split a row. ok is false
// when the text is not a plain VALUES list (ON DUPLICATE KEY UPDATE, a
// SELECT, an unclosed tuple): the caller then sends it whole.
func splitValues(rest []byte, pieceBytes int) (head []byte, pieces []valuesPiece, ok bool) {
	at := valuesKeyword(rest)
	if at < 0 {
		return nil, nil, false
	}
	head = rest[:at]
	start, rows, closed := -1, 0, false
	for i := skipSpace(rest, at); i < len(rest); {
		if rest[i] != '(' {
			return nil, nil, false
		}
		end := dump.TupleEnd(rest, i)
		if end < 0 {
			return nil, nil, false
		}
		if start < 0 {
			start = i
		}
		rows++
		next := skipSpace(rest, end)
		if next < len(rest) && rest[next] != ',' {
			return nil, nil, false
		}
		if end-start >= pieceBytes || next >= len(rest) {
			pieces = append(pieces, valuesPiece{body: rest[start:end], rows: rows})
			start, rows = -1, 0
		}
		if next >= len(rest) {
			closed = true
			break
		}
		i = skipSpace(rest, next+1)
	}
	if !closed { // no row, or a ',' with no row after it
		return nil, nil, false
	}
	return head, pieces, true
}

// valuesKeyword is the offset just after the VALUES (or VALUE) keyword
// that follows the table name and its optional column list, -1 if none.
func valuesKeyword(b []byte) int {
	i := skipSpace(b, 0)
	if i < len(b) && b[i] == '(' { // a column list: `a`,`b`
		if i = dump.TupleEnd(b, i); i < 0 {
			return -1
		}
		i = skipSpace(b, i)
	}
	for _, kw := range []string{"VALUES", "VALUE"} {
		if len(b)-i >= len(kw) && bytes.EqualFold(b[i:i+len(kw)], []byte(kw)) {
			j := i + len(kw)
			if j == len(b) || b[j] == '(' || isSpace(b[j]) {
				return j
			}
		}
	}
	return -1
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
