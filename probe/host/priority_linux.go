//go:build linux

package host

import (
	"golang.org/x/sys/unix"

	"github.com/mytune/mytune/profile"
)

// ioprioWhoProcess is IOPRIO_WHO_PROCESS (linux/ioprio.h), and
// ioprioClassShift the bits below an ioprio value's class.
const (
	ioprioWhoProcess = 1
	ioprioClassShift = 13
)

// ReadPriority is this process's nice value and I/O scheduling class
// (getpriority(2), ioprio_get(2)); nil when either cannot be read.
func ReadPriority() *profile.Priority {
	// The raw getpriority syscall returns 20 - nice (getpriority(2), NOTES).
	raw, err := unix.Getpriority(unix.PRIO_PROCESS, 0)
	if err != nil {
		return nil
	}
	v, _, errno := unix.Syscall(unix.SYS_IOPRIO_GET, ioprioWhoProcess, 0, 0)
	if errno != 0 {
		return nil
	}
	class := profile.IOClassName(int(v >> ioprioClassShift))
	if class == "" {
		return nil
	}
	return &profile.Priority{Nice: 20 - raw, IOClass: class}
}
