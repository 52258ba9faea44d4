//go:build unix

package calibrate

import (
	"errors"
	"syscall"
)

// processAlive reports whether process pid exists on this host: signal 0
// checks without sending (kill(2)); EPERM means it exists under another user.
func processAlive(pid int) (alive, known bool) {
	if pid <= 0 {
		return false, false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM), true
}
