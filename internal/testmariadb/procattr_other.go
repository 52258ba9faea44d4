//go:build !unix

package testmariadb

import "syscall"

// serverAttr has nothing to set outside Unix.
func serverAttr() *syscall.SysProcAttr { return nil }
