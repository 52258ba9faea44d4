package storage

import (
	"os"
	"path/filepath"
	"regexp"
)

// RealPath is path with its symbolic links resolved, when the resolved
// path is the same directory: filepath.EvalSymlinks reads /proc/PID/root
// (a process's root, the host's way into a container) as the link "/" it
// shows, and turns /proc/PID/root/var/lib/mysql into the host's
// /var/lib/mysql, another directory on another disk. The kernel resolves
// such a path into the process's own mounts, so where the resolved path is
// not the same file, path is kept as given.
func RealPath(path string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", err
	}
	a, errA := os.Stat(path)
	b, errB := os.Stat(real)
	if errA != nil || errB != nil || !os.SameFile(a, b) {
		return filepath.Clean(path), nil
	}
	return real, nil
}

// procRoot matches a path under a process's root directory (proc(5):
// /proc/PID/root), whose mounts are that process's: its mountinfo tells
// them, with the path below the root.
var procRoot = regexp.MustCompile(`^/proc/([0-9]+|self|thread-self)/root(/.*)?$`)

// mountView is the mountinfo to read for path and path as that mount
// table names it: /proc/PID/mountinfo and the rest of the path for a path
// under /proc/PID/root, else the probe's own (self) and path.
func mountView(path string) (pid, inner string) {
	m := procRoot.FindStringSubmatch(path)
	if m == nil {
		return "self", path
	}
	if m[2] == "" {
		return m[1], "/"
	}
	return m[1], m[2]
}
