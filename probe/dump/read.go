// Package dump reads the shape of a logical dump — a MySQL Shell dump
// directory, a mydumper directory or a single mysqldump .sql file — so the
// advisor can size a restore for it. It only reads file names, sizes and
// small metadata files; it never loads the data.
package dump

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/profile"
)

// Dump formats recorded in profile.Dump.Format.
const (
	FormatMySQLShell = "mysqlsh"
	FormatMydumper   = "mydumper"
	FormatMysqldump  = "mysqldump"
)

// DefaultTimeout bounds Read when the caller's context has no deadline.
// It covers the whole read: listing (well under a second for 100k files),
// one schema file per table (a 20,000-table mydumper dump reads in a few
// seconds on a local disk, QA 18) and the row sampling, which stops on its
// own within SampleTimeout or half the time left (sampleDeadline). A
// directory gets PerFileTimeout more for each file it lists, so 30 s
// means a hung or very slow network filesystem, not a big dump.
const DefaultTimeout = 30 * time.Second

// PerFileTimeout is what Read adds to DefaultTimeout for each file a dump
// directory lists (review r16: a mydumper dump of 100000 tables, 200002
// files on a local disk, took 34 s to read on this 2-core VM under load,
// 170 µs a file, and failed at 30 s with "on a slow or network
// filesystem"); 1 ms a file leaves it room for a host six times slower.
const PerFileTimeout = time.Millisecond

// Budget is the time Read allows a dump directory of n files when the
// caller's context has no deadline.
func Budget(files int) time.Duration {
	return DefaultTimeout + time.Duration(files)*PerFileTimeout
}

// ErrNotDump is returned (wrapped) when the path is none of the known dump kinds.
var ErrNotDump = errors.New("not a dump")

// Read recognises the dump at path (a directory or a single .sql file) and
// returns its shape. The error wraps ErrNotDump when path is not a dump.
func Read(ctx context.Context, path string) (*profile.Dump, error) {
	d, err := read(ctx, path)
	if d != nil && shellquote.NeedsEscapes(d.Path) {
		d.PathQuoted = shellquote.DollarQuoted(d.Path)
	}
	return d, err
}

// read reads the dump at path as Read does, without PathQuoted.
func read(ctx context.Context, path string) (*profile.Dump, error) {
	parent := ctx
	_, bounded := ctx.Deadline()
	if !bounded {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(parent, DefaultTimeout)
		defer cancel()
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading dump %s: %w (give --dump the dump directory or .sql file)", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	if !st.IsDir() {
		return readMysqldump(ctx, abs, st.Size())
	}
	files, err := listFiles(ctx, abs)
	if err != nil {
		return nil, err
	}
	if !bounded {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(parent, Budget(len(files)))
		defer cancel()
	}
	switch {
	case files.has("@.json"):
		return readMySQLShell(ctx, abs, files)
	case looksLikeMydumper(files):
		if err := unsupportedMydumper(abs, files); err != nil {
			return nil, err
		}
		return readMydumper(ctx, abs, files)
	}
	return nil, otherDirError(abs, files)
}
