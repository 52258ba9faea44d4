//go:build unix

package probe

import (
	"math"
	"syscall"
)

// fileSizeLimit is the process's soft RLIMIT_FSIZE in bytes; 0 when there
// is none or it cannot be read. RLIM_INFINITY is all ones on Linux and
// 2^63-1 on FreeBSD and macOS (their sys/resource.h), whose Rlimit.Cur is
// an int64 on FreeBSD: both read as no limit.
func fileSizeLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &r); err != nil {
		return 0
	}
	cur := uint64(r.Cur)
	if cur == math.MaxUint64 || cur == math.MaxInt64 {
		return 0
	}
	return cur
}
