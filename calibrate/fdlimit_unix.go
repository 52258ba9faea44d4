//go:build unix

package calibrate

import (
	"os"
	"syscall"
)

// fdLimit is the process's soft RLIMIT_NOFILE and the files open now
// (/proc/self/fd, else /dev/fd); a limit of 0 when either is unknown.
func fdLimit() (limit, open int) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, 0
	}
	// Cur is a uint64 on Linux and macOS, an int64 on FreeBSD; RLIM_INFINITY
	// (all ones, or 2^63-1) and any limit past 2^30 read as none
	if cur := uint64(r.Cur); cur > 1<<30 {
		return 0, 0
	}
	for _, dir := range []string{procRoot + "/self/fd", "/dev/fd"} {
		if ents, err := os.ReadDir(dir); err == nil {
			return int(r.Cur), len(ents)
		}
	}
	return 0, 0
}
