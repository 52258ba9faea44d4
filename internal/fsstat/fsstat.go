// Package fsstat reads a filesystem's space and inode counts (statfs(2),
// statvfs(2) on NetBSD) the same way on every Unix mytune builds for; the
// field names and types differ by OS (f_bavail is int64 on FreeBSD and
// OpenBSD, negative when the root reserve is in use; OpenBSD prefixes them
// F_; NetBSD has no statfs), so callers never touch them.
package fsstat

import "errors"

// Info is one filesystem's capacity as an unprivileged writer sees it.
type Info struct {
	// AvailBytes is what an unprivileged process may still write
	// (f_bavail × the block size).
	AvailBytes uint64
	// TotalBytes is the filesystem's size (f_blocks × the block size).
	TotalBytes uint64
	// Files and FreeFiles are its inodes (f_files, f_ffree); FreeFiles
	// is 0 where the OS reports a negative count.
	Files, FreeFiles uint64
}

// ErrUnsupported is returned where this OS has no implementation.
var ErrUnsupported = errors.New("reading free space is not supported on this OS")

// nonNeg is n, or 0 when a signed count is negative.
func nonNeg(n int64) uint64 { return uint64(max(n, 0)) }
