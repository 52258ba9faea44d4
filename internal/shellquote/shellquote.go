// Package shellquote quotes a string as one shell word, keeping its exact
// bytes even when they are not valid UTF-8 or hold control characters.
package shellquote

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Word quotes s as one word for a shell: unchanged when it holds only
// characters no shell treats specially; in single quotes when it is
// printable UTF-8 (singleQuoted); else as Escaped, which bash, zsh and ksh
// read (not dash or fish).
func Word(s string) string {
	if s != "" && strings.Trim(s, safe) == "" {
		return s
	}
	if NeedsEscapes(s) {
		return Escaped(s)
	}
	return "'" + singleQuoted(s) + "'"
}

// singleQuoted is s for inside single quotes. Each single quote is written
// as quote, backslash, quote, quote (POSIX.1-2017, Shell Command Language
// 2.2.3: nothing inside single quotes is special, so a quote must end the
// quoted string, be escaped, and reopen it). fish reads \\ and \' inside
// single quotes as escapes (review r11: '/tmp/bs\\d' reached fish's tools as
// /tmp/bs\d, and a word ending in a backslash never closed its quote), so
// a backslash before another, before a quote or at the end is written
// outside the quotes, as \\, which every shell reads as one backslash; any
// other backslash stays, as fish keeps it too.
func singleQuoted(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\'':
			b.WriteString(`'\''`)
		case s[i] == '\\' && (i+1 == len(s) || s[i+1] == '\\' || s[i+1] == '\''):
			b.WriteString(`'\\'`)
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// safe are the characters that never need quoting (those Python's
// shlex.quote leaves bare).
const safe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_"

// NeedsEscapes reports whether s cannot be printed as it is: it is not
// valid UTF-8 (a Latin-1 directory name: text output and JSON would show
// U+FFFD for those bytes) or holds a control character (a tab or newline
// the text report turns into a space).
func NeedsEscapes(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	return strings.IndexFunc(s, unicode.IsControl) >= 0
}

// Escaped quotes s, which NeedsEscapes, as a word every common shell
// turns back into exactly s's bytes: "$(printf '…')", the format in
// printable ASCII plus the printable UTF-8 s holds, each byte that is not
// valid UTF-8, each control character, the single quote and the
// backslash (and a leading "-", which printf would take for an option)
// written as a \ooo octal escape (printf's format escapes, POSIX.1-2024
// printf) and % as %%. bash, dash, zsh and fish (3.4 on,
// which reads $(…) inside double quotes) all read it (shells_test.go);
// $'…' was bash and zsh only (review r11). A command substitution drops
// trailing newlines, so an s ending in one keeps the $'…' form.
func Escaped(s string) string {
	if strings.HasSuffix(s, "\n") {
		return DollarQuoted(s)
	}
	var b strings.Builder
	b.WriteString(`"$(printf '`)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, unicode.IsControl(r), r == '\\', r == '\'', r == '-' && i == 0:
			for _, c := range []byte(s[i : i+size]) {
				fmt.Fprintf(&b, `\%03o`, c)
			}
		case r == '%':
			b.WriteString("%%")
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteString(`')"`)
	return b.String()
}

// DollarQuoted quotes s as a dollar-single-quoted word, $'…' (bash, ksh,
// zsh; POSIX.1-2024, Shell Command Language 2.2.4), in printable ASCII
// plus the printable UTF-8 s holds: each byte that is not valid UTF-8 and
// each control character written \xNN, backslash and single quote escaped.
// The JSON's path_quoted fields are in this form (CONTRACT.md: "$'…' with
// \xNN escapes"), which a script decodes; printed commands use Escaped.
func DollarQuoted(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, unicode.IsControl(r):
			for _, c := range []byte(s[i : i+size]) {
				fmt.Fprintf(&b, `\x%02x`, c)
			}
		case r == '\\' || r == '\'':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String()
}
