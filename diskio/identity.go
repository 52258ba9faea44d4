package diskio

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// fileID is a file's identity, its device and inode: what the test file's
// name must still lead to each time the run opens it again or removes it.
// The zero fileID is unknown (an injected opener, an OS without inodes).
type fileID struct{ dev, ino uint64 }

// errReplaced marks a test file whose name, when the run opened it again,
// led to another file: a symlink or a file renamed there by someone who
// may write to the directory. Opening it would have written the
// measurement's bytes into that file (as root, any file of the system).
var errReplaced = errors.New("the test file was replaced")

// replacedError says that path no longer leads to the test file and what
// to do.
func replacedError(path string) error {
	return fmt.Errorf("%w: %s now leads to another file (a symlink, or a file renamed there) and nothing was written "+
		"through it: another user may write to that directory; measure under a directory only this user may write to", errReplaced, path)
}

// lockID is the identity of the test file whose lock is c, when the lock
// knows it (the real opener's does).
func lockID(c io.Closer) fileID {
	if l, ok := c.(interface{ id() fileID }); ok {
		return l.id()
	}
	return fileID{}
}

// removeOwn removes path only while it is still the test file want (or
// want is unknown): a name swapped for another file is left alone and said.
func removeOwn(path string, want fileID) error {
	if want != (fileID{}) {
		fi, err := os.Lstat(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err == nil && statID(fi) != want {
			return fmt.Errorf("%s not removed: it is no longer the test file (%w)", path, errReplaced)
		}
	}
	return os.Remove(path)
}

// removeError is what a failed removal of the test file tells: delete it
// by hand, unless its name now leads to another file, which must not be.
func removeError(err error) error {
	if errors.Is(err, errReplaced) {
		return fmt.Errorf("removing the test file: %w; another user may write to that directory: leave that file alone "+
			"and measure under a directory only this user may write to", err)
	}
	return fmt.Errorf("removing test file: %w; delete it by hand", err)
}
