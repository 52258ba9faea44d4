//go:build openbsd

package fsstat

import (
	"os"

	"golang.org/x/sys/unix"
)

// Of reads the filesystem holding path (statfs(2); OpenBSD's fields carry
// an F_ prefix).
func Of(path string) (Info, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(path, &st); err != nil {
		return Info{}, &os.PathError{Op: "statfs", Path: path, Err: err}
	}
	bs := uint64(st.F_bsize)
	return Info{
		AvailBytes: nonNeg(st.F_bavail) * bs,
		TotalBytes: st.F_blocks * bs,
		Files:      st.F_files,
		FreeFiles:  st.F_ffree,
	}, nil
}
