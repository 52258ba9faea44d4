// Package atomicfile writes a report to a file so that a reader sees the
// old file or the new one, never half of one, even across a crash: a temp
// file in the same directory, synced, renamed over the target, and the
// directory synced.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/mytune/mytune/internal/usage"
)

// Emit renders into memory, then writes the result to w or, when path is
// set (and not "-"), atomically to path (Write), so a failed render leaves
// nothing behind. A write error's text starts with flag ("--out ").
func Emit(w io.Writer, path, flag string, render func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := render(&buf); err != nil {
		return err
	}
	if path == "" || path == "-" {
		_, err := w.Write(buf.Bytes())
		return err
	}
	if err := Write(path, buf.Bytes()); err != nil {
		return fmt.Errorf("%s%w", flag, err)
	}
	return nil
}

// Check says early, before any work, whether path can be written: it must
// not be a directory and its directory must exist. Problems are usage
// errors whose text follows the path's flag ("--out X is a directory …").
func Check(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usage.Errorf("%s is a directory: give a file name", path)
	}
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usage.Errorf("%s: the directory %s does not exist", path, dir)
	}
	return nil
}

// Write writes data to path through a temp file in the same directory,
// synced, then renamed over path. An existing file of this user keeps its
// permissions; a new one, or one of another user, gets 0644 less the umask, as "> FILE" would (under umask 077,
// 0600). A path that cannot be written is a usage error.
// A symlink is followed (the link stays, its target is replaced) unless
// another user may have planted it (checkLinks), and a path that is not a
// regular file (/dev/null, /dev/stdout, a FIFO) is written through
// (writeThrough), never renamed over.
func Write(path string, data []byte) error {
	if err := checkLinks(path); err != nil {
		return err
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	var keep *os.FileMode // an existing file's mode, kept
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return usage.Errorf("%s is a directory: give a file name", path)
		}
		if !st.Mode().IsRegular() {
			return writeThrough(path, data)
		}
		if m := st.Mode().Perm(); ownedByMe(st) {
			keep = &m
		}
	}
	dir := filepath.Dir(path)
	tmp, err := createTemp(dir, "."+filepath.Base(path)+".tmp-")
	if err != nil {
		return usage.Errorf("%s cannot be written: %v: %s", path, err, writeHint(err))
	}
	name := tmp.Name()
	defer os.Remove(name) // no-op after a successful rename
	_, err = tmp.Write(data)
	if err == nil && keep != nil {
		err = tmp.Chmod(*keep)
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
		return fmt.Errorf("replacing %s: %w: %s", path, err, replaceHint(err))
	}
	if d, err := os.Open(dir); err == nil { // make the rename itself durable
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// createTemp makes a new file prefix+random in dir, mode 0644 less the
// umask (os.CreateTemp makes 0600 whatever the umask, so a report needed
// a chmod that ignored it).
func createTemp(dir, prefix string) (*os.File, error) {
	for try := 0; ; try++ {
		name := filepath.Join(dir, prefix+strconv.FormatUint(uint64(rand.Uint32()), 10))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil || !errors.Is(err, fs.ErrExist) || try == 100 {
			return f, err
		}
	}
}

// writeThrough writes data into an existing path that is not a regular
// file (a device, a FIFO): replacing it with a file would turn, as root,
// the system's /dev/null into one; a write error (/dev/full) is returned.
func writeThrough(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return usage.Errorf("%s cannot be written: %v: %s", path, err, writeHint(err))
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// replaceHint says what to do when the new file cannot be renamed over
// path: in a sticky directory (/tmp) only a file's owner or root may
// replace it, even one anyone may write.
func replaceHint(err error) string {
	if errors.Is(err, fs.ErrPermission) {
		return "the file belongs to another user in a sticky directory (like /tmp), where only its owner or root may " +
			"replace it: remove it as that user, or give --out another path"
	}
	return "give --out another path, or leave --out out for stdout"
}

// writeHint says what to do when a file cannot be made in the directory
// (the output goes there through a temporary file, then a rename).
func writeHint(err error) string {
	switch {
	case errors.Is(err, syscall.EROFS):
		return "the directory is on a read-only mount: give --out a path on a writable one, or leave --out out for stdout"
	case errors.Is(err, fs.ErrPermission):
		return "give --out a path in a directory this user may write to, or leave --out out for stdout"
	case errors.Is(err, syscall.ENOSPC):
		return "the filesystem is full, of bytes or of inodes (df -h, df -i): free some space or remove files, or give --out a path on another one"
	}
	return "give --out another path, or leave --out out for stdout"
}
