//go:build unix

package testmariadb

import (
	"errors"
	"syscall"
	"time"
)

// alive reports whether pid is a running process.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// stopPid sends SIGTERM, waits for the process to exit (not for its pid
// file), then SIGKILL after orphanWait.
func stopPid(pid int) {
	_ = syscall.Kill(pid, syscall.SIGTERM)
	deadline := time.Now().Add(orphanWait)
	for alive(pid) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if alive(pid) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		for end := time.Now().Add(10 * time.Second); alive(pid) && time.Now().Before(end); {
			time.Sleep(100 * time.Millisecond) // a zombie stays "alive" until its parent reaps it
		}
	}
}
