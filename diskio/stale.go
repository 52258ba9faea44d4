//go:build linux || darwin

package diskio

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// staleName matches a test file's name (probeFileName) and captures the
// pid of the process that made it.
var staleName = regexp.MustCompile(`^\.mytune-probe-([0-9]+)-[0-9a-f]{12}\.tmp$`)

// Stale is a test file an earlier run left behind.
type Stale struct {
	Path  string
	PID   int
	Bytes int64
}

// RemoveStale removes the test files in dir that runs killed before their
// clean-up left behind (SIGKILL, a power cut, an OOM kill): those whose
// maker no longer runs. A file whose pid is alive is kept, unless that
// process is not mytune (its pid reused: /proc/PID/comm says so); procRoot
// "" is /proc. It returns what it removed and the first removal error.
func RemoveStale(dir, procRoot string) ([]Stale, error) {
	if procRoot == "" {
		procRoot = "/proc"
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []Stale
	var first error
	for _, e := range ents {
		m := staleName.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		pid, err := strconv.Atoi(m[1])
		if err != nil || pid == os.Getpid() || running(procRoot, pid) {
			continue
		}
		s := Stale{Path: filepath.Join(dir, e.Name()), PID: pid}
		if info, err := e.Info(); err == nil {
			s.Bytes = info.Size()
		}
		if err := os.Remove(s.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
			first = errors.Join(first, err)
			continue
		}
		out = append(out, s)
	}
	return out, first
}

// running reports whether pid is a live mytune process: alive by
// kill(pid, 0) (EPERM still means it exists) and, where procRoot has it,
// named mytune in /proc/PID/comm (proc(5)).
func running(procRoot string, pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	comm, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "comm"))
	if err != nil {
		return true // alive, name unknown: keep its file
	}
	return strings.HasPrefix(strings.TrimSpace(string(comm)), "mytune")
}
