//go:build netbsd

package fsstat

import (
	"os"

	"golang.org/x/sys/unix"
)

// Of reads the filesystem holding path (statvfs(2): NetBSD has no statfs;
// its counts are in f_frsize units).
func Of(path string) (Info, error) {
	var st unix.Statvfs_t
	if err := unix.Statvfs(path, &st); err != nil {
		return Info{}, &os.PathError{Op: "statvfs", Path: path, Err: err}
	}
	bs := st.Frsize
	return Info{
		AvailBytes: st.Bavail * bs,
		TotalBytes: st.Blocks * bs,
		Files:      st.Files,
		FreeFiles:  st.Ffree,
	}, nil
}
