package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/advisor/render"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return a.compareCmd() })
}

// maxCompareItems is how many files compare takes: the columns are lettered
// A to Z, and past six the table no longer fits 80 columns anyway.
const maxCompareItems = 26

// compareCmd is `mytune compare A.json B.json [C.json…]`.
func (a *app) compareCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "compare A.json B.json [C.json…]",
		Short: "Show saved profiles (or advices) side by side, with ratios",
		Long: "compare reads two or more profiles or advices saved with --format json and shows their\n" +
			"measurements side by side: sequential write and read, fsync p50/p99, random IOPS at 1 and 16\n" +
			"threads, storage class, device and key server settings, with a ratio (best ÷ worst) per row.\n" +
			"Give - for one file to read it from standard input.",
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) < 2 || len(args) > maxCompareItems {
				return usagef("compare takes 2 to %d files saved with `mytune probe --format json --out FILE`, got %d",
					maxCompareItems, len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			format := strings.ToLower(strings.TrimSpace(a.v.GetString("format")))
			if format != "text" && format != "json" {
				return usagef("--format %q is not offered by compare: choose text or json", format)
			}
			items, err := a.loadCompared(args)
			if err != nil {
				return err
			}
			return a.writeComparison(items, format)
		},
	}
}

// writeComparison renders to stdout (coloured on a terminal) or, with
// --out FILE, to a temp file beside FILE renamed over it, so a reader never
// sees half a table.
func (a *app) writeComparison(items []render.Named, format string) error {
	out := a.v.GetString("out")
	o := render.Options{Format: format, Width: render.DefaultWidth}
	if f, ok := a.stdout.(*os.File); ok && out == "" && format == "text" && render.ColorWanted(f, os.Getenv) {
		o.Color, o.LightBackground = true, !render.DarkBackground(f)
	}
	var buf bytes.Buffer
	if err := render.Compare(&buf, items, o); err != nil {
		return err
	}
	if out == "" || out == "-" {
		_, err := a.stdout.Write(buf.Bytes())
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".tmp-*")
	if err != nil {
		return usagef("cannot write --out %s: %v", out, err)
	}
	defer os.Remove(tmp.Name()) // no-op after the rename
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), out)
	}
	if err != nil {
		return fmt.Errorf("writing --out %s: %w (is the disk full?)", out, err)
	}
	return nil
}

// loadCompared reads every named file (or stdin for "-"); an unreadable or
// foreign file is bad input, exit code 2.
func (a *app) loadCompared(paths []string) ([]render.Named, error) {
	items := make([]render.Named, 0, len(paths))
	stdinUsed := false
	for _, path := range paths {
		var data []byte
		var err error
		if path == "-" {
			if stdinUsed {
				return nil, usagef("compare: - (standard input) can be given only once")
			}
			stdinUsed = true
			data, err = io.ReadAll(a.stdin)
		} else {
			data, err = os.ReadFile(path)
		}
		if err != nil {
			return nil, usagef("cannot read %s: %v: give a file saved with `mytune probe --format json --out FILE`", path, err)
		}
		n, err := render.Load(path, data)
		if err != nil {
			return nil, asUsage(fmt.Errorf("compare: %w", err))
		}
		items = append(items, n)
	}
	return items, nil
}
