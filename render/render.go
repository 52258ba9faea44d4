// Package render turns a Profile, an Advice or a comparison of saved
// profiles into what a person or a program reads: a terminal report
// (lipgloss, plain when piped), JSON, Prometheus text exposition and
// markdown. It is the only package that touches lipgloss; it does no
// probing and judges nothing, it only shows what it is given; the notes
// on when to trust a figure less, in every format, are advisor.Trust's.
package render

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/profile"
)

// Output formats a renderer accepts.
const (
	FormatText     = "text"
	FormatJSON     = "json"
	FormatProm     = "prom"
	FormatMarkdown = "markdown"
)

// DefaultWidth is the terminal width the text report is laid out for when
// Options.Width is 0: the classic 80-column terminal (VT100, ECMA-48 era),
// which the report must always fit.
const DefaultWidth = 80

// minWidth is the narrowest layout the text report supports; below it the
// bar charts have no room for a bar.
const minWidth = 60

// Options says how to render.
type Options struct {
	// Format is "text", "json", "prom" (profiles) or "markdown" (advice).
	Format string
	// Color allows ANSI colours and bold; with false the output holds no
	// escape code at all. The caller decides it, see ColorWanted.
	Color bool
	// Width is the number of terminal columns every text line must fit in;
	// 0 means DefaultWidth.
	Width int
	// LightBackground picks the colour variants made for light terminals;
	// the zero value assumes a dark one (TerminalOptions reads $COLORFGBG).
	LightBackground bool
	// PromLabels are added to every series of the "prom" format (probe
	// --prom-label), so that the files of two datadirs can sit side by side
	// in node_exporter's textfile directory without colliding series.
	PromLabels []Label
}

// Label is one Prometheus label pair.
type Label struct{ Name, Value string }

// width returns the usable layout width for o.
func (o Options) width() int {
	switch {
	case o.Width == 0:
		return DefaultWidth
	case o.Width < minWidth:
		return minWidth
	}
	return o.Width
}

// ColorWanted reports whether output to w should be coloured: only when w is
// a terminal (*os.File on a tty), NO_COLOR is unset or empty (no-color.org)
// and TERM names a terminal (PlainTerm). env is os.Getenv in production.
func ColorWanted(w io.Writer, env func(string) string) bool {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return false
	}
	if env("NO_COLOR") != "" || PlainTerm(env("TERM")) {
		return false
	}
	return true
}

// PlainTerm reports whether a terminal of type term (the TERM variable)
// must get no escape sequences: "dumb" (Emacs' shell), and an unset TERM,
// which says nothing of what the terminal understands (a pty opened by
// `script`, `ssh -T` or a cron job's tool; review r18: colour went to a pty
// with TERM unset). termenv, which lipgloss uses, gives such a terminal
// no colour too (its ColorProfile: Ascii unless TERM names one).
func PlainTerm(term string) bool { return term == "" || term == "dumb" }

// TerminalOptions are the render settings for format on w: colour only to
// a terminal (never to a file, nor with NO_COLOR, TERM=dumb or no TERM:
// ColorWanted), and the background's lightness from $COLORFGBG (asking the
// terminal, OSC 11, can stall for seconds on one that never answers; dark
// is the default). env is os.Getenv in production.
func TerminalOptions(format string, w io.Writer, toFile bool, env func(string) string) Options {
	o := Options{Format: format, Width: DefaultWidth}
	if !toFile && ColorWanted(w, env) {
		o.Color = true
		o.LightBackground = lightBackground(env("COLORFGBG"))
	}
	return o
}

// lightBackground reads $COLORFGBG ("fg;bg" or "fg;default;bg", set by
// rxvt, Konsole and others): background colours 7 and 9-15 are light.
func lightBackground(colorfgbg string) bool {
	parts := strings.Split(colorfgbg, ";")
	bg, err := strconv.Atoi(parts[len(parts)-1])
	return err == nil && (bg == 7 || (bg >= 9 && bg <= 15))
}

// Profile writes p to w in o.Format: "text" (the terminal report), "json"
// (the CONTRACT's mytune.profile/v1 document) or "prom" (Prometheus text
// exposition for node_exporter's textfile collector).
func Profile(w io.Writer, p *profile.Profile, o Options) error {
	if p == nil {
		return fmt.Errorf("render profile: no profile given (a bug in the caller)")
	}
	switch o.Format {
	case FormatText, "":
		return writeAll(w, profileText(p, o))
	case FormatJSON:
		return writeJSON(w, profileDoc{p, trustNotes(p)})
	case FormatProm:
		return writeAll(w, profileProm(p, o.PromLabels...))
	}
	return fmt.Errorf("render profile: format %q is not one of text, json, prom", o.Format)
}

// profileDoc is the mytune.profile/v1 document: the profile's fields and,
// after them, "trust": the notes advisor.Trust gives its figures. They
// are computed at every rendering, as the text report's are, and never
// read back: profile.Profile has no field for them, so a saved profile
// loaded with --from gets its notes afresh.
type profileDoc struct {
	*profile.Profile
	Trust []profile.TrustNote `json:"trust"`
}

// trustNotes is advisor.Trust, [] rather than nil for the JSON.
func trustNotes(p *profile.Profile) []profile.TrustNote {
	return append([]profile.TrustNote{}, advisor.Trust(p)...)
}

// JSON writes v as indented JSON, the form every --format json uses.
func JSON(w io.Writer, v any) error { return writeJSON(w, v) }

// writeJSON writes v indented, with a final newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(withEmptyLists(v), "", "  ")
	if err != nil {
		return fmt.Errorf("render json: encoding failed: %w", err)
	}
	return writeAll(w, string(b)+"\n")
}

// textOrJSON writes text() in the "text" format (the default) or v as
// JSON; any other format is refused, naming what was being rendered.
func textOrJSON(w io.Writer, what string, o Options, v any, text func() string) error {
	switch o.Format {
	case FormatText, "":
		return writeAll(w, text())
	case FormatJSON:
		return writeJSON(w, v)
	}
	return fmt.Errorf("render %s: format %q is not one of text, json", what, o.Format)
}

// writeAll writes s to w and names what failed.
func writeAll(w io.Writer, s string) error {
	if _, err := io.WriteString(w, s); err != nil {
		return fmt.Errorf("render: writing the output failed (disk full or pipe closed?): %w", err)
	}
	return nil
}
