//go:build linux || darwin

package diskio

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// statID is fi's identity (zero when the OS does not say).
func statID(fi os.FileInfo) fileID {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return fileID{dev: uint64(st.Dev), ino: st.Ino}
	}
	return fileID{}
}

// fdID is the identity of the open descriptor fd.
func fdID(fd int) (fileID, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fileID{}, err
	}
	return fileID{dev: uint64(st.Dev), ino: st.Ino}, nil
}

// openOwn opens path (flags, never following a symlink) and checks it is
// the test file want, unless want is unknown: a symlink or another file
// put at its name is errReplaced, with nothing written.
func openOwn(path string, flags int, want fileID) (int, error) {
	fd, err := unix.Open(path, flags|unix.O_NOFOLLOW, 0)
	if errors.Is(err, unix.ELOOP) {
		return -1, replacedError(path)
	}
	if err != nil || want == (fileID{}) {
		return fd, err
	}
	got, err := fdID(fd)
	if err == nil && got != want {
		err = replacedError(path)
	}
	if err != nil {
		_ = unix.Close(fd)
		return -1, err
	}
	return fd, nil
}
