//go:build unix

package probe

import "golang.org/x/sys/unix"

// checkWritable reports why the process may not create a file in dir
// (read-only mount, no permission), or nil. access(2) with W_OK answers
// for the real user and reports EROFS for read-only filesystems.
func checkWritable(dir string) error {
	return unix.Access(dir, unix.W_OK)
}

// inodesOf returns the inodes of the filesystem holding dir and how many
// are free (statfs f_files, f_ffree); a variable so tests can stand in a
// filesystem with none left.
var inodesOf = func(dir string) (files, free uint64, err error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, 0, err
	}
	return st.Files, uint64(max(st.Ffree, 0)), nil //nolint:unconvert // f_ffree is int64 on FreeBSD (negative when the reserve is used), uint64 on Linux and macOS
}
