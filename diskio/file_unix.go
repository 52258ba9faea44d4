//go:build linux || darwin

package diskio

import (
	"errors"
	"fmt"
	"io"

	"golang.org/x/sys/unix"
)

// fdFile is the test file as a raw descriptor: pread/pwrite with no Go-level
// buffering or locking, as fio's psync engine does.
type fdFile struct {
	fd     int
	direct bool
}

func (f *fdFile) WriteAt(p []byte, off int64) (int, error) {
	done := 0
	for done < len(p) {
		n, err := unix.Pwrite(f.fd, p[done:], off+int64(done))
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			if f.direct && errors.Is(err, unix.EINVAL) {
				return done, fmt.Errorf("pwrite at %d: %w (%w)", off, errDirectRefused, err)
			}
			return done, fmt.Errorf("pwrite at %d: %w", off, err)
		}
		done += n
	}
	return done, nil
}

func (f *fdFile) ReadAt(p []byte, off int64) (int, error) {
	done := 0
	for done < len(p) {
		n, err := unix.Pread(f.fd, p[done:], off+int64(done))
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return done, fmt.Errorf("pread at %d: %w", off, err)
		}
		if n == 0 {
			return done, fmt.Errorf("pread at %d: %w", off, io.ErrUnexpectedEOF)
		}
		done += n
	}
	return done, nil
}

func (f *fdFile) Truncate(size int64) error { return unix.Ftruncate(f.fd, size) }

func (f *fdFile) Close() error { return unix.Close(f.fd) }

// osOpener is the real fileOpener.
type osOpener struct{}

func (osOpener) create(path string) (io.Closer, error) {
	fd, err := unix.Open(path, unix.O_RDWR|unix.O_CREAT|unix.O_EXCL|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, fmt.Errorf("creating test file %s: %w", path, err)
	}
	// The lock marks the file as in use for as long as this run lives
	// (RemoveStale). A filesystem without flock (some FUSE ones) leaves the
	// name's owner to tell; a RemoveStale that took the lock first (between
	// the create and here) has unlinked the file: the caller retries.
	if err := unix.Flock(fd, unix.LOCK_EX); err == nil {
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err == nil && st.Nlink == 0 {
			_ = unix.Close(fd)
			return nil, errCreateRaced
		}
	}
	return fdCloser(fd), nil
}

// fdCloser closes a raw descriptor (and so drops its flock).
type fdCloser int

func (f fdCloser) Close() error { return unix.Close(int(f)) }

// id is the identity of the file the lock is on (zero if fstat fails).
func (f fdCloser) id() fileID {
	id, _ := fdID(int(f))
	return id
}
