package diskio

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

func (osOpener) open(path string, direct bool, want fileID) (ioFile, error) {
	flags := unix.O_RDWR | unix.O_CLOEXEC
	if direct {
		flags |= unix.O_DIRECT
	}
	fd, err := openOwn(path, flags, want)
	if errors.Is(err, errReplaced) {
		return nil, err
	}
	if err != nil {
		if direct && errors.Is(err, unix.EINVAL) {
			return nil, fmt.Errorf("opening %s: %w (%w)", path, errDirectRefused, err)
		}
		return nil, fmt.Errorf("opening test file %s: %w", path, err)
	}
	return &fdFile{fd: fd, direct: direct}, nil
}

// dioAlign asks statx for the direct-I/O memory alignment (STATX_DIOALIGN,
// Linux >= 6.1, statx(2)): defaultAlign when not reported or smaller;
// none when the kernel reports the file takes no direct I/O (errNoDirect).
func (osOpener) dioAlign(path string) (align int, none bool) {
	var st unix.Statx_t
	if err := unix.Statx(unix.AT_FDCWD, path, 0, unix.STATX_DIOALIGN, &st); err != nil {
		return defaultAlign, false
	}
	return alignFromStatx(st.Mask&unix.STATX_DIOALIGN != 0, st.Dio_mem_align, st.Dio_offset_align)
}

func (f *fdFile) Datasync() error { return unix.Fdatasync(f.fd) }

func (f *fdFile) DropCache(off, n int64) error { return unix.Fadvise(f.fd, off, n, unix.FADV_DONTNEED) }

func (f *fdFile) Preallocate(size int64) error { return unix.Fallocate(f.fd, 0, 0, size) }
