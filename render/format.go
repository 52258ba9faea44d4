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
// than width, so a file name a note says to delete can be pasted.
// Continuation lines start with indent. A box cell, which must not be
// wider, uses wrapBox.
func wrap(s string, width int, indent string) []string {
	return wrapWords(strings.Fields(s), width, indent)
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

// humanDur renders an estimate as a person says it: "40s", "7m", "1h20m".
// estimateDur is humanDur with tenths of a second below 10 s, so a small
// restore's estimate ("0.7s to 1.2s") stays a range.
func estimateDur(d time.Duration) string {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond).String()
	}
	return humanDur(d)
}

func humanDur(d time.Duration) string {
	switch {
	case d < time.Minute:
		return d.Round(time.Second).String()
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Round(time.Minute).Minutes()))
	}
	d = d.Round(10 * time.Minute)
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}

// estimateSpan renders an estimate's range, "low to high", each end as
// estimateDur does; when both ends round to the same figure but differ
// by a second or more ("4m to 4m" for 217 s to 262 s, QA), both are
// given to the second ("3m37s to 4m22s"), or to the minute from an hour.
// A low end that rounds to nothing is "under" the high one ("loaded in 0s
// to 200ms" said the load takes no time, review r5).
func estimateSpan(lo, hi time.Duration) string {
	a, b := estimateDur(lo), estimateDur(hi)
	if a == "0s" {
		if b == "0s" {
			b = "100ms"
		}
		return "under " + b
	}
	if a != b || hi.Round(time.Second) == lo.Round(time.Second) {
		return a + " to " + b
	}
	fine := func(d time.Duration) string {
		if d < time.Hour {
			return d.Round(time.Second).String()
		}
		d = d.Round(time.Minute)
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	}
	return fine(lo) + " to " + fine(hi)
}
