package testmariadb

import "syscall"

// serverAttr puts the server in its own process group and has it sent
// SIGTERM when the thread that started it ends: a test binary that panics
// runs no cleanup (reapOrphans catches what this misses).
func serverAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
