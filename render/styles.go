package render

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Colours are ANSI-256 indexes chosen in pairs so each reads on a light and
// on a dark background (lipgloss.AdaptiveColor picks by the terminal's
// background): the light variants are dark shades, the dark ones pale.
var (
	colTitle = lipgloss.AdaptiveColor{Light: "24", Dark: "117"}  // blue
	colGood  = lipgloss.AdaptiveColor{Light: "28", Dark: "114"}  // green
	colWarn  = lipgloss.AdaptiveColor{Light: "130", Dark: "221"} // amber
	colCrit  = lipgloss.AdaptiveColor{Light: "124", Dark: "203"} // red
	colDim   = lipgloss.AdaptiveColor{Light: "242", Dark: "246"} // grey
	colBar   = lipgloss.AdaptiveColor{Light: "31", Dark: "74"}   // teal
)

// theme holds the styles of one rendering. With colour off every style
// renders its text unchanged, so the output holds no escape code.
type theme struct {
	color   bool
	title   lipgloss.Style
	label   lipgloss.Style
	dim     lipgloss.Style
	good    lipgloss.Style
	warn    lipgloss.Style
	crit    lipgloss.Style
	bar     lipgloss.Style
	panel   lipgloss.Style
	verdict lipgloss.Style
}

// newTheme builds the styles for o on a renderer of its own, so nothing
// depends on lipgloss's global, terminal-probing default renderer.
func newTheme(o Options) theme {
	r := lipgloss.NewRenderer(io.Discard)
	if o.Color {
		r.SetColorProfile(termenv.ANSI256)
	} else {
		r.SetColorProfile(termenv.Ascii)
	}
	r.SetHasDarkBackground(!o.LightBackground)
	s := r.NewStyle
	return theme{
		color:   o.Color,
		title:   s().Bold(true).Foreground(colTitle),
		label:   s().Foreground(colDim),
		dim:     s().Foreground(colDim),
		good:    s().Foreground(colGood),
		warn:    s().Foreground(colWarn),
		crit:    s().Bold(true).Foreground(colCrit),
		bar:     s().Foreground(colBar),
		verdict: s().Bold(true),
		panel: s().Border(lipgloss.RoundedBorder()).BorderForeground(colDim).
			Padding(0, 1),
	}
}

// box draws lines in a rounded panel exactly width cells wide (borders
// included); lines longer than the inside are cut.
func (t theme) box(lines []string, width int) string {
	inner := width - 4 // two border cells and one cell of padding each side
	fitted := make([]string, len(lines))
	for i, l := range lines {
		fitted[i] = fit(l, inner)
	}
	return t.panel.Width(width-2).Render(joinLines(fitted)) + "\n"
}

// classStyle colours a storage class by how well it carries a database.
func (t theme) classStyle(class string) lipgloss.Style {
	switch class {
	case "nvme", "ssd", "memory":
		return t.good
	case "hdd", "network", "unknown":
		return t.warn
	}
	return t.crit
}

// joinLines joins lines with newlines.
func joinLines(lines []string) string {
	out := ""
	for i, l := range lines {
		if i > 0 {
			out += "\n"
		}
		out += l
	}
	return out
}
