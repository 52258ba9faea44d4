package render

import (
	"strings"
)

// mdText makes s one markdown line whose characters render as they are:
// newlines and runs of blanks become one space, and the characters that
// would start markup are backslash-escaped (CommonMark 0.31, 2.4:
// any ASCII punctuation may be escaped). Review r11: a note's pasteable
// line rendered on GitHub with '\” as ”' (CommonMark drops the backslash
// before punctuation) and a backtick in a path opened a code span.
func mdText(s string) string {
	return mdEscaper.Replace(strings.Join(strings.Fields(s), " "))
}

// mdEscaper escapes a backslash, a backtick (code span), an asterisk
// (emphasis, also inside a word) and < (raw HTML, autolinks).
var mdEscaper = strings.NewReplacer(`\`, `\\`, "`", "\\`", `*`, `\*`, `<`, `\<`)

// mdCodeSpan is s as one inline code span that renders exactly s (its line
// endings as spaces, which a code span cannot hold): the fence is one
// backtick more than the longest run of backticks in s, with a space
// inside each end when s starts or ends with a backtick or with spaces at
// both ends (CommonMark 0.31, 6.1: one such space is stripped from each end).
func mdCodeSpan(s string) string {
	s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if s == "" || strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") ||
		(strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") && strings.Trim(s, " ") != "") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// mdCellCode is s as a code span in a table cell: its pipes escaped,
// which GFM tables read before the span (GFM 0.29, 4.10).
func mdCellCode(s string) string {
	return strings.ReplaceAll(mdCodeSpan(s), "|", `\|`)
}

// mdFenced is body in a fenced code block for lang, its fence longer than
// any run of backticks body holds (CommonMark 0.31, 4.5: a line of as many
// backticks or more would close it).
func mdFenced(lang, body string) string {
	fence := strings.Repeat("`", max(3, longestRun(body, '`')+1))
	return fence + lang + "\n" + strings.TrimRight(body, "\n") + "\n" + fence + "\n"
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] != c {
			run = 0
			continue
		}
		run++
		longest = max(longest, run)
	}
	return longest
}

// mdProse is mdText for a note or warning that may quote shell commands
// (noteWords finds them): each command becomes a code span that renders
// it exactly, so a line copied from the raw Markdown pastes as printed
// (review r56: a quoted account name with a quote in it, escaped as prose,
// read back from the .md file with doubled backslashes), the prose around it escaped as mdText.
func mdProse(s string) string {
	var parts []string
	for _, w := range noteWords(s) {
		if w.words == nil {
			parts = append(parts, mdText(w.text))
			continue
		}
		cmd := w.text[len(w.lead) : len(w.text)-len(w.tail)]
		lead, tail := strings.TrimSuffix(w.lead, "`"), w.tail // the code span takes the place of the note's own backticks
		if lead != w.lead {
			tail = strings.TrimPrefix(tail, "`")
		}
		parts = append(parts, mdText(lead)+mdCodeSpan(cmd)+mdText(tail))
	}
	return strings.Join(parts, " ")
}
