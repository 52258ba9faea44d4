package render

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// dash stands for a value that was not measured.
const dash = "—"

// fmtMBps renders a rate given in MB/s (10^6 bytes, as fio reports it).
func fmtMBps(mb float64) string {
	switch {
	case mb <= 0 || math.IsNaN(mb):
		return dash
	case mb < 10:
		return fmt.Sprintf("%.1f MB/s", mb)
	case mb < 1000:
		return fmt.Sprintf("%.0f MB/s", mb)
	}
	return fmt.Sprintf("%.1f GB/s", mb/1000)
}

// fmtUS renders a latency given in microseconds with a unit that keeps two
// or three significant digits.
func fmtUS(us float64) string {
	switch {
	case us <= 0 || math.IsNaN(us):
		return dash
	case us < 1000:
		return fmt.Sprintf("%.0f µs", us)
	case us < 10_000:
		return fmt.Sprintf("%.1f ms", us/1e3)
	case us < 1_000_000:
		return fmt.Sprintf("%.0f ms", us/1e3)
	}
	return fmt.Sprintf("%.1f s", us/1e6)
}

// fmtCount renders an operation rate (IOPS, ops/s) compactly: 150, 10.2k, 1.1M.
func fmtCount(n float64) string {
	switch {
	case n <= 0 || math.IsNaN(n):
		return dash
	case n < 1000:
		return fmt.Sprintf("%.0f", n)
	case n < 1e6:
		return fmt.Sprintf("%.1fk", n/1e3)
	}
	return fmt.Sprintf("%.1fM", n/1e6)
}

// fmtRatio renders a ratio ≥ 1 as "1.4x" or "150x".
func fmtRatio(r float64) string {
	if r < 10 {
		return fmt.Sprintf("%.1fx", r)
	}
	return fmt.Sprintf("%.0fx", r)
}

// fit truncates s to at most n terminal cells, marking the cut with "…".
func fit(s string, n int) string {
	if n <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= n {
		return s
	}
	return ansi.Truncate(s, n, "…")
}

// pad right-pads s with spaces to n cells (after fitting it).
func pad(s string, n int) string {
	s = fit(s, n)
	return s + strings.Repeat(" ", n-ansi.StringWidth(s))
}

// padLeft left-pads s with spaces to n cells (after fitting it).
func padLeft(s string, n int) string {
	s = fit(s, n)
	return strings.Repeat(" ", n-ansi.StringWidth(s)) + s
}

// wrap breaks s into lines of at most width cells at spaces; a word longer
// than width (a path, a command) stays whole on a line of its own, wider
// than width, so a file name a note says to delete can be pasted. A
// single-quoted run stays whole with its spaces, and a command line the
// text quotes is never broken at a blank: it goes whole onto the line or
// the next, and one wider than a line gets lines of its own, each but the
// last ending in " \", so a paste runs it as one command (noteWords).
// Continuation lines start with indent. A box cell, which must not be
// wider, uses wrapBox.
func wrap(s string, width int, indent string) []string {
	var lines []string
	line := ""
	for _, w := range noteWords(s) {
		empty := line == "" || line == indent
		candidate := line + " " + w.text
		if empty {
			candidate = line + w.text
		}
		switch {
		case ansi.StringWidth(candidate) <= width || (empty && w.words == nil):
			line = candidate
		case w.words == nil || ansi.StringWidth(indent+w.text) <= width:
			lines, line = append(lines, line), indent+w.text
		default: // a command wider than a line: lines of its own
			head := line + " " + w.lead
			if empty {
				head = line + w.lead
			}
			if strings.TrimSpace(head) != "" {
				lines = append(lines, strings.TrimRight(head, " "))
			}
			cmd, tail := commandLines(w.words, width, indent+"  "), w.tail
			if strings.HasPrefix(tail, ";") { // a shell separator: it ends the command's own line (review r56)
				cmd[len(cmd)-1], tail = cmd[len(cmd)-1]+";", tail[1:]
			}
			lines, line = append(lines, cmd...), indent+tail
		}
	}
	if strings.TrimSpace(line) != "" {
		lines = append(lines, line)
	}
	return lines
}

// commandLines prints a command's shell words over lines of at most width
// cells that start with prefix (continuations two cells further in), each
// but the last ending in " \" so the shell reads one command; a word
// wider than a line is kept whole.
func commandLines(words []string, width int, prefix string) []string {
	var lines []string
	line := prefix
	for _, word := range words {
		if line != prefix && line != prefix+"  " && ansi.StringWidth(line)+1+ansi.StringWidth(word)+2 > width {
			lines = append(lines, line+" \\")
			line = prefix + "  "
		}
		if line != prefix && line != prefix+"  " {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}

// wrapBox is wrap for a box cell: a word longer than width is broken into
// pieces of width cells on lines of their own, never cut.
func wrapBox(s string, width int, indent string) []string {
	var words []string
	for _, w := range strings.Fields(s) {
		for width > 0 && ansi.StringWidth(w) > width {
			words = append(words, ansi.Truncate(w, width, ""))
			w = ansi.TruncateLeft(w, width, "")
		}
		words = append(words, w)
	}
	lines := wrapWords(words, width, indent)
	for i, l := range lines {
		lines[i] = fit(l, width)
	}
	return lines
}

// wrapWords fills lines of at most width cells with words, a longer word
// alone on its line.
func wrapWords(words []string, width int, indent string) []string {
	var lines []string
	line := ""
	for _, word := range words {
		switch {
		case line == "":
			line = word
		case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = indent + word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// estimateSpan renders an estimate's range, "low to high", from the
// JSON's low_s and high_s: tenths of a second below 10 s, whole seconds
// below an hour ("1m8s": the advisor's rangeOf holds them to the second
// there, and its notes print them so), whole minutes from an hour, the
// low end rounded down and the high end up, so the range printed holds
// the one the JSON states (review r14: high_s 68 was printed "1m", below
// it, beside a note's "1m8s"; QA: 217 s to 262 s printed "4m to 4m"). A
// low end that rounds to nothing is "under" the high one ("loaded in 0s
// to 200ms" said the load takes no time, review r5).
func estimateSpan(lo, hi time.Duration) string {
	a, b := estimateEnd(lo, false), estimateEnd(hi, true)
	if a == "0s" {
		if b == "0s" {
			b = "100ms"
		}
		return "under " + b
	}
	return a + " to " + b
}

// estimateEnd is one end of estimateSpan: d to its unit, up for the high
// end, down for the low one.
func estimateEnd(d time.Duration, up bool) string {
	unit := time.Second
	switch {
	case d < 10*time.Second:
		unit = 100 * time.Millisecond
	case d >= 48*time.Hour:
		unit = time.Hour
	case d >= time.Hour:
		unit = time.Minute
	}
	r := d.Truncate(unit)
	if up && r < d {
		r += unit
	}
	switch m, sec := int(r/time.Minute), int(r%time.Minute/time.Second); {
	case r < time.Minute:
		return r.String()
	case r >= 48*time.Hour:
		return fmt.Sprintf("%dd%02dh", m/60/24, m/60%24) // review r16: "4031h32m" for 168 days
	case r >= time.Hour:
		return fmt.Sprintf("%dh%02dm", m/60, m%60)
	case sec == 0:
		return fmt.Sprintf("%dm", m)
	default:
		return fmt.Sprintf("%dm%ds", m, sec)
	}
}
