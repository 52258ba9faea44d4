//go:build unix

package probe

import "golang.org/x/sys/unix"

// checkWritable reports why the process may not create a file in dir
// (read-only mount, no permission), or nil. access(2) with W_OK answers
// for the real user and reports EROFS for read-only filesystems.
func checkWritable(dir string) error {
	return unix.Access(dir, unix.W_OK)
}
