package main

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/mytune/mytune/internal/atomicfile"
	"github.com/mytune/mytune/render"
)

// emit renders into memory, then writes to stdout or, with --out FILE,
// atomically to FILE (atomicfile.Emit): a reader never sees half a report.
func (a *app) emit(render func(w io.Writer) error) error {
	return atomicfile.Emit(a.stdout, a.v.GetString("out"), "--out ", render)
}

// renderOptions are the render settings for format on this output
// (render.TerminalOptions; --out writes plain text).
func (a *app) renderOptions(format string) render.Options {
	return render.TerminalOptions(format, a.stdout, a.v.GetString("out") != "", os.Getenv)
}

// progressWanted says whether to draw the live progress line: only when
// stderr is a terminal, so pipes and CI logs stay clean.
func (a *app) progressWanted() bool {
	f, ok := a.stderr.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progress is the live progress line on stderr, when it is a terminal:
// as wide as that terminal allows, and without escape sequences under
// TERM=dumb or with no TERM (render.PlainTerm).
func (a *app) progress() *render.Progress {
	p := render.NewProgress(a.stderr, a.progressWanted())
	if f, ok := a.stderr.(*os.File); ok && a.progressWanted() {
		cols, _, err := term.GetSize(int(f.Fd()))
		if err != nil {
			cols = 0
		}
		p.ForTerminal(cols, render.PlainTerm(os.Getenv("TERM")))
	}
	return p
}
