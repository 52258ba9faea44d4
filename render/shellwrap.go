package render

import "strings"

// shellWrap breaks a command line between shell words into lines of at
// most width cells, each but the last ending in " \" so the shell reads one
// command; "$ " leads the first line. It never breaks inside a quoted
// word: a backslash-newline inside single quotes is kept literally (POSIX
// Shell Command Language 2.2.3), which put "\" and a newline inside
// mysqlsh's JavaScript (issue 11). A word wider than width is kept whole,
// because a cut command would not run.
func shellWrap(cmd string, width int) []string {
	var lines []string
	line := "$"
	for _, word := range shellWords(cmd) {
		if len([]rune(line))+1+len([]rune(word))+2 > width && line != "$" && line != "   " {
			lines = append(lines, line+" \\")
			line = "   "
		}
		line += " " + word
	}
	return append(lines, line)
}

// shellWords splits cmd at unquoted blanks into words as written, quotes
// and escapes kept: '…' runs to the next single quote, "…" to the next
// unescaped double quote, and a backslash outside single quotes escapes
// the next character (POSIX Shell Command Language 2.2 and 2.3). An
// unterminated quote runs to the end of the line.
func shellWords(cmd string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	rs := []rune(cmd)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == ' ' || r == '\t' {
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
			continue
		}
		inWord = true
		cur.WriteRune(r)
		switch r {
		case '\\':
			if i+1 < len(rs) {
				i++
				cur.WriteRune(rs[i])
			}
		case '\'', '"':
			i = quoted(rs, i, &cur)
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// quoted copies the quoted run that opens at rs[open] (its quote already
// written) through its closing quote, and returns the closing index.
func quoted(rs []rune, open int, cur *strings.Builder) int {
	q := rs[open]
	i := open + 1
	for ; i < len(rs); i++ {
		cur.WriteRune(rs[i])
		switch {
		case rs[i] == q:
			return i
		case q == '"' && rs[i] == '\\' && i+1 < len(rs):
			i++
			cur.WriteRune(rs[i])
		}
	}
	return i
}
