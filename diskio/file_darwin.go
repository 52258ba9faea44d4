package diskio

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// open on macOS: there is no O_DIRECT; F_NOCACHE turns off the unified
// buffer cache for the descriptor (fcntl(2)), the closest equivalent.
func (osOpener) open(path string, direct bool, want fileID) (ioFile, error) {
	fd, err := openOwn(path, unix.O_RDWR|unix.O_CLOEXEC, want)
	if errors.Is(err, errReplaced) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("opening test file %s: %w", path, err)
	}
	if direct {
		if _, err := unix.FcntlInt(uintptr(fd), unix.F_NOCACHE, 1); err != nil {
			_ = unix.Close(fd)
			return nil, fmt.Errorf("opening %s: %w (F_NOCACHE: %w)", path, errDirectRefused, err)
		}
	}
	return &fdFile{fd: fd, direct: direct}, nil
}

func (osOpener) dioAlign(string) (int, bool) { return defaultAlign, false }

// Datasync is fsync on macOS, which has no fdatasync in x/sys/unix.
func (f *fdFile) Datasync() error { return unix.Fsync(f.fd) }

func (f *fdFile) DropCache(int64, int64) error { return nil }

func (f *fdFile) Preallocate(int64) error { return nil }
