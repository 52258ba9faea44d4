package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"golang.org/x/term"

	"github.com/mytune/mytune/internal/atomicfile"
	"github.com/mytune/mytune/render"
)

// emit renders into memory, then writes to stdout or, with --out FILE,
// atomically to FILE (a temp file in the same directory, then rename), so
// a reader never sees half a report and a failure leaves no partial file.
func (a *app) emit(render func(w io.Writer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	out := a.v.GetString("out")
	if out == "" || out == "-" {
		_, err := a.stdout.Write(buf.Bytes())
		return err
	}
	if err := atomicfile.Write(out, buf.Bytes()); err != nil {
		return fmt.Errorf("--out %w", err)
	}
	return nil
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
