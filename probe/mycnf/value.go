package mycnf

import "strings"

// stripEndComment cuts an inline comment: a '#' outside quotes that
// follows whitespace or a closing quote. A '#' glued to a word ("a#b") is
// kept, so values such as passwords survive.
func stripEndComment(s string) string {
	var quote byte
	escape := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case escape:
			escape = false
		case quote != 0 && c == '\\':
			escape = true
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && i > 0 && isCommentLead(s[i-1]):
			return s[:i]
		}
	}
	return s
}

// isCommentLead reports whether '#' after c starts a comment.
func isCommentLead(c byte) bool {
	return c == ' ' || c == '\t' || c == '"' || c == '\''
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
