//go:build unix

package probe

import "syscall"

// fileSizeLimit is the process's soft RLIMIT_FSIZE in bytes; 0 when there
// is none or it cannot be read.
func fileSizeLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &r); err != nil || r.Cur == ^uint64(0) {
		return 0
	}
	return uint64(r.Cur)
}
