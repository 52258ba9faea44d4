package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/internal/docread"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/render"
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
		Long: "compare reads two to 26 profiles or advices saved with --format json and shows their\n" +
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
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := a.checkFormat("compare")
			if err != nil {
				return err
			}
			items, err := a.loadCompared(cmd.Context(), args)
			if err != nil {
				return err
			}
			return a.writeComparison(items, format)
		},
	}
}

// writeComparison renders to stdout (coloured on a terminal) or, with
// --out FILE, atomically to FILE.
func (a *app) writeComparison(items []render.Named, format string) error {
	return a.emit(func(w io.Writer) error { return render.Compare(w, items, a.renderOptions(format)) })
}

// loadCompared reads every named file (or stdin for "-"); an unreadable or
// foreign file is bad input, exit code 2.
func (a *app) loadCompared(ctx context.Context, paths []string) ([]render.Named, error) {
	items := make([]render.Named, 0, len(paths))
	stdinUsed := false
	for _, path := range paths {
		if path == "-" && stdinUsed {
			return nil, usagef("compare: - (standard input) can be given only once")
		}
		stdinUsed = stdinUsed || path == "-"
		data, err := a.readCompared(ctx, path)
		if ctx.Err() != nil {
			return nil, ctx.Err()
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

// readCompared reads one document to compare, path or stdin for "-", and
// no more of it than a document may hold (profile.MaxDocumentBytes, +1 so
// that Decode refuses a larger one as too large): /dev/zero or a runaway
// pipe is refused instead of filling the memory. A read that blocks (a
// terminal, a FIFO) ends with ctx (Ctrl-C).
func (a *app) readCompared(ctx context.Context, path string) ([]byte, error) {
	return docread.ReadFile(ctx, path, a.stdin, profile.MaxDocumentBytes)
}
