//go:build unix

package probe

import (
	"io/fs"

	"golang.org/x/sys/unix"
)

// sameFilesystem reports whether a and b lie on one filesystem: the same
// device number (st_dev), as stat(2) gives it; bind mounts of one
// filesystem count as the same.
func sameFilesystem(a, b string) (bool, error) {
	var sa, sb unix.Stat_t
	if err := unix.Stat(a, &sa); err != nil {
		return false, &fs.PathError{Op: "stat", Path: a, Err: err}
	}
	if err := unix.Stat(b, &sb); err != nil {
		return false, &fs.PathError{Op: "stat", Path: b, Err: err}
	}
	return sa.Dev == sb.Dev, nil
}
