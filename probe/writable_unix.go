//go:build unix

package probe

import (
	"golang.org/x/sys/unix"

	"github.com/mytune/mytune/internal/fsstat"
)

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
	info, err := fsstat.Of(dir)
	return info.Files, info.FreeFiles, err
}
