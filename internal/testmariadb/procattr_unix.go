//go:build unix && !linux

package testmariadb

import "syscall"

// serverAttr puts the server in its own process group (there is no
// parent-death signal outside Linux: reapOrphans stops what a panicked
// test binary left running).
func serverAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
