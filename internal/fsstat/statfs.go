//go:build linux || darwin || freebsd || dragonfly

package fsstat

import (
	"os"

	"golang.org/x/sys/unix"
)

// Of reads the filesystem holding path (statfs(2)).
func Of(path string) (Info, error) {
	var st unix.Statfs_t
	if err := unix.Statfs(path, &st); err != nil {
		return Info{}, &os.PathError{Op: "statfs", Path: path, Err: err}
	}
	bs := nonNeg(int64(st.Bsize)) //nolint:unconvert,gosec // Bsize is int64, uint32 or uint64 by OS
	return Info{
		AvailBytes: nonNeg(int64(st.Bavail)) * bs, //nolint:unconvert,gosec // int64 on FreeBSD, uint64 on Linux
		TotalBytes: nonNeg(int64(st.Blocks)) * bs, //nolint:unconvert,gosec
		Files:      nonNeg(int64(st.Files)),       //nolint:unconvert,gosec
		FreeFiles:  nonNeg(int64(st.Ffree)),       //nolint:unconvert,gosec
	}, nil
}
