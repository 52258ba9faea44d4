package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestWrapKeepsLongWords: a word longer than the line (a path a note says
// to delete, a command) was cut with "…" (review r10: "rm -f --
// /var/tmp/scr-rd/st/.mytune-probe-14297-…-684020c494a04f1cac886f6b0…",
// a file that does not exist). Text keeps it whole on a line of its own;
// a box cell breaks it over lines no wider than the cell, losing nothing.
func TestWrapKeepsLongWords(t *testing.T) {
	const long = "/var/tmp/scr-rd/st/.mytune-probe-14297-4026531836-684020c494a04f1cac886f6b0eab3319-3986962-49064e857af9.tmp"
	cases := []struct {
		name  string
		in    string
		width int
		box   bool
	}{
		{"a path in a note", "delete it: rm -f -- " + long + " when no probe runs", 76, false},
		{"a path alone", long, 40, false},
		{"a path in a box", "path " + long + " → mount / (ext4)", 67, true},
		{"short words only", "a b c d e f g", 5, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var lines []string
			if c.box {
				lines = wrapBox(c.in, c.width, "")
			} else {
				lines = wrap(c.in, c.width, "")
			}
			joined := strings.Join(lines, "\n")
			if strings.Contains(joined, "…") {
				t.Errorf("cut:\n%s", joined)
			}
			if c.box {
				for _, l := range lines {
					if ansi.StringWidth(l) > c.width {
						t.Errorf("box line %q is wider than %d", l, c.width)
					}
				}
				if got := strings.Join(strings.Fields(strings.Join(lines, "")), ""); got != strings.Join(strings.Fields(c.in), "") {
					t.Errorf("box lost characters: %q", got)
				}
				return
			}
			if !strings.Contains(joined, long) && strings.Contains(c.in, long) {
				t.Errorf("the path is not whole on one line:\n%s", joined)
			}
			for _, l := range lines {
				if ansi.StringWidth(l) > c.width && !strings.Contains(l, long) {
					t.Errorf("line %q is wider than %d without a long word", l, c.width)
				}
			}
		})
	}
}
