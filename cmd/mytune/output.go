package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/term"

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
	return writeAtomic(out, buf.Bytes())
}

// writeAtomic writes data to path through a temp file in the same
// directory, synced, then renamed over path: a reader sees the old file or
// the new one, never half of one, even across a crash. An existing file
// keeps its permissions; a new one gets 0644.
func writeAtomic(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return usagef("--out %s is a directory: give a file name", path)
		}
		mode = st.Mode().Perm()
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return usagef("cannot write --out %s: %v", path, err)
	}
	name := tmp.Name()
	defer os.Remove(name) // no-op after a successful rename
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(mode)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w (is the disk full?)", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		return fmt.Errorf("replacing %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil { // make the rename itself durable
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// renderOptions are the render settings for format on this output:
// colour only to a terminal (never with --out, NO_COLOR or TERM=dumb), and
// the background's lightness from $COLORFGBG (asking the terminal can stall
// for seconds on one that never answers; dark is the default).
func (a *app) renderOptions(format string) render.Options {
	o := render.Options{Format: format, Width: render.DefaultWidth}
	if a.v.GetString("out") != "" {
		return o
	}
	if f, ok := a.stdout.(*os.File); ok && render.ColorWanted(f, os.Getenv) {
		o.Color = true
		o.LightBackground = lightBackground(os.Getenv("COLORFGBG"))
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

// progressWanted says whether to draw the live progress line: only when
// stderr is a terminal, so pipes and CI logs stay clean.
func (a *app) progressWanted() bool {
	f, ok := a.stderr.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
