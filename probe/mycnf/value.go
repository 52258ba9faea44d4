package mycnf

import "strings"

// stripEndComment cuts the line at the first '#' outside quotes, as the
// server's remove_end_comment() does (mysys/my_default.cc; MariaDB
// mysys/my_default.c): "a#b" is "a", "a #b" is "a ", '"a#b"' keeps its
// '#'. Quotes are tracked from the start of the line, name included, and
// a backslash inside quotes protects the next quote character.
func stripEndComment(s string) string {
	var quote byte
	escape := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c == '\'' || c == '"') && !escape {
			if quote == 0 {
				quote = c
			} else if quote == c {
				quote = 0
			}
		}
		if quote == 0 && c == '#' {
			return s[:i]
		}
		escape = quote != 0 && c == '\\' && !escape
	}
	return s
}

// unquote removes one pair of matching surrounding quotes and applies the
// escapes mysqld knows (\b \t \n \r \\ \s \" \'); an unknown escape keeps
// its backslash (mysys/my_default.cc; MySQL manual, "Using Option Files").
func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '\\' || i == len(v)-1 {
			b.WriteByte(v[i])
			continue
		}
		i++
		switch v[i] {
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 's':
			b.WriteByte(' ')
		case '\\', '"', '\'':
			b.WriteByte(v[i])
		default:
			b.WriteByte('\\')
			b.WriteByte(v[i])
		}
	}
	return b.String()
}
