//go:build unix

package storage

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"

	"github.com/mytune/mytune/internal/fsstat"
)

// statDev is the live devOfFunc: the device number (st_dev) of the
// filesystem holding path.
func statDev(path string) (uint32, uint32, error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return 0, 0, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	return unix.Major(uint64(st.Dev)), unix.Minor(uint64(st.Dev)), nil //nolint:unconvert // Dev is uint64 on some arches only
}

// statSpace returns the bytes an unprivileged process may still write
// (f_bavail) and the filesystem's size, from statfs(2).
func statSpace(path string) (free, total uint64, err error) {
	info, err := fsstat.Of(path)
	return info.AvailBytes, info.TotalBytes, err
}

// blockDevNumber returns the device number a block device node stands for
// (st_rdev), or an error when node is no block device.
func blockDevNumber(node string) (uint32, uint32, error) {
	var st unix.Stat_t
	if err := unix.Stat(node, &st); err != nil {
		return 0, 0, err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFBLK {
		return 0, 0, errors.New("not a block device")
	}
	return unix.Major(uint64(st.Rdev)), unix.Minor(uint64(st.Rdev)), nil //nolint:unconvert
}

// statOwner is the owner's user and group ids of path (st_uid, st_gid).
func statOwner(path string) (uid, gid uint32, err error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return 0, 0, &os.PathError{Op: "stat", Path: path, Err: err}
	}
	return st.Uid, st.Gid, nil
}
