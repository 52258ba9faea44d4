package diskio

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
)

// ioFile is the test file as the engine uses it. The real one is a raw file
// descriptor (file_linux.go, file_darwin.go); tests inject faulty ones.
type ioFile interface {
	WriteAt(p []byte, off int64) (int, error)
	ReadAt(p []byte, off int64) (int, error)
	// Datasync flushes the file's data to stable storage (fdatasync).
	Datasync() error
	// DropCache asks the kernel to drop the file's cached pages from off
	// for n bytes, to its end when n is 0 (posix_fadvise DONTNEED); a
	// no-op where unsupported.
	DropCache(off, n int64) error
	// Preallocate reserves size bytes as unwritten extents, as fio's default
	// fallocate=native does; errors mean "not supported" and are ignored.
	Preallocate(size int64) error
	Truncate(size int64) error
	Close() error
}

// fileOpener creates and opens the test file; injectable for tests.
type fileOpener interface {
	// create makes path with O_CREAT|O_EXCL and mode 0600 and returns it
	// open, holding an exclusive flock(2) until closed: the sign that its
	// maker runs (RemoveStale). errCreateRaced: retry with a new name.
	create(path string) (io.Closer, error)
	// open opens the existing path read-write, with O_DIRECT (or the OS's
	// equivalent) when direct is true. O_DIRECT refused is errDirectRefused.
	// It never follows a symlink, and a file that is not want (when known)
	// is errReplaced: the name may have been swapped since create.
	open(path string, direct bool, want fileID) (ioFile, error)
	// dioAlign is the memory alignment direct I/O needs on path; none
	// when the kernel says path takes no direct I/O (errNoDirect).
	dioAlign(path string) (align int, none bool)
}

// errDirectRefused marks an O_DIRECT open or write the filesystem refused (EINVAL).
var errDirectRefused = errors.New("O_DIRECT refused by the filesystem")

// ErrUnsupported is returned by Run on operating systems without a direct I/O path.
var ErrUnsupported = errors.New("disk measurement is not supported on this operating system")

// errCreateRaced: another run's RemoveStale removed the test file between
// its creation and its lock; a new name is tried.
var errCreateRaced = errors.New("the test file was removed as it was created")

// probeFileName returns a unique name for the test file in dir:
// .mytune-probe-<owner>-<random>.tmp, owner being ownerTag (the pid, pid
// namespace, boot id and start time, which RemoveStale reads).
func probeFileName(dir, ownerTag string) (string, error) {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("making a unique test file name: %w", err)
	}
	return filepath.Join(dir, fmt.Sprintf(".mytune-probe-%s-%s.tmp", ownerTag, hex.EncodeToString(b[:]))), nil
}
