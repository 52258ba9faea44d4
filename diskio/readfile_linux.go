//go:build linux

package diskio

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// openForRead opens path read-only with O_DIRECT, or without it where the
// filesystem refuses (EINVAL: tmpfs, some network filesystems) or the
// kernel says the file takes no direct I/O (errNoDirect: ext4
// data=journal), dropping the file's cached pages so the reads reach its disk.
func openForRead(path string) (ioFile, bool, int, error) {
	align, none := osOpener{}.dioAlign(path)
	var fd int
	err := error(unix.EINVAL)
	if !none {
		fd, err = unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_DIRECT, 0)
	}
	if errors.Is(err, unix.EINVAL) {
		if fd, err = unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0); err == nil {
			_ = unix.Fadvise(fd, 0, 0, unix.FADV_DONTNEED)
			return &fdFile{fd: fd}, false, defaultAlign, nil
		}
	}
	if err != nil {
		return nil, false, 0, fmt.Errorf("opening %s to time its reads: %w", path, err)
	}
	return &fdFile{fd: fd, direct: true}, true, align, nil
}
