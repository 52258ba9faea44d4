package dump

// rowCount is an INSERT's rows, read from its text after the table name:
// the tuples of its VALUES list at depth 0 outside quoted strings ('…',
// "…", `…`, a backslash escaping the next byte inside '…' and "…", as
// mysqldump and mydumper write them with mysql_real_escape_string), so a
// value holding "),(" is one row, not two. A column list right after the
// table name is not a row, and the count stops where the list ends (ON
// DUPLICATE KEY UPDATE a=VALUES(a) adds nothing). At least 1.
func rowCount(rest []byte) int {
	i := 0
	for i < len(rest) && isSpaceByte(rest[i]) {
		i++
	}
	if i < len(rest) && rest[i] == '(' { // the column list
		if i = TupleEnd(rest, i); i < 0 {
			return 1
		}
	}
	rows, depth := 0, 0
	for ; i < len(rest); i++ {
		c := rest[i]
		if depth == 0 && rows > 0 && c != ',' && c != '(' && !isSpaceByte(c) {
			break // past the VALUES list
		}
		switch c {
		case '\'', '"', '`':
			if i = quoteClose(rest, i+1, c); i < 0 {
				return max(rows, 1)
			}
		case '(':
			if depth == 0 {
				rows++
			}
			depth++
		case ')':
			depth--
		}
	}
	return max(rows, 1)
}

// TupleEnd is the offset just after the ')' closing the '(' at i, -1
// when the text ends first. Quoted strings and identifiers are skipped
// whole; a backslash escapes the next byte inside '…' and "…" (MySQL's
// default sql_mode; mydumper and mysqldump write '\” and '\\').
// calibrate splits statements with it too.
func TupleEnd(b []byte, i int) int {
	depth := 0
	for ; i < len(b); i++ {
		switch c := b[i]; c {
		case '\'', '"', '`':
			if i = quoteClose(b, i+1, c); i < 0 {
				return -1
			}
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}

// quoteClose is the offset of the quote q closing a string whose text
// starts at i, -1 when the text ends first; a doubled quote closes and
// reopens the string, which scans the same.
func quoteClose(b []byte, i int, q byte) int {
	for ; i < len(b); i++ {
		switch b[i] {
		case '\\':
			if q != '`' {
				i++
			}
		case q:
			return i
		}
	}
	return -1
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
