//go:build unix

package calibrate

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// processAlive reports whether process pid exists on this host: signal 0
// checks without sending (kill(2)); EPERM means it exists under another user.
func processAlive(pid int) (alive, known bool) {
	if pid <= 0 {
		return false, false
	}
	err := syscall.Kill(pid, 0)
	if err != nil && !errors.Is(err, syscall.EPERM) {
		return false, true
	}
	return runsMytune(pid), true
}

// runsMytune reports whether process pid runs a mytune binary (its
// /proc/PID/cmdline names one), true when that cannot be read (no /proc:
// the pid alone decides). A pid reused by another program, or the pid 1
// a run had in its own pid namespace (a container), is then not taken for
// the run (QA: --cleanup refused for good and advised "kill 1").
func runsMytune(pid int) bool {
	b, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "cmdline"))
	if err != nil {
		return true
	}
	argv0, _, _ := strings.Cut(string(b), "\x00")
	return strings.Contains(filepath.Base(argv0), "mytune")
}

// processNamespace is this process's pid namespace (the /proc/self/ns/pid
// link, "pid:[4026531836]"; namespaces(7)) and the kernel's boot id
// (/proc/sys/kernel/random/boot_id, random(4)); "" for what cannot be read.
func processNamespace() (pidns, boot string) {
	pidns, _ = os.Readlink(filepath.Join(procRoot, "self", "ns", "pid"))
	if b, err := os.ReadFile(filepath.Join(procRoot, "sys", "kernel", "random", "boot_id")); err == nil {
		boot = strings.TrimSpace(string(b))
	}
	return pidns, boot
}
