package testmariadb

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// procRoot is where the process table is read (house rule: /proc through a root).
var procRoot = "/proc"

// ownerFile holds the pid of the test process that started a server.
const ownerFile = "owner.pid"

// orphanWait bounds the wait for an orphaned server to exit after SIGTERM
// before SIGKILL (a throw-away datadir: nothing to keep).
const orphanWait = 30 * time.Second

// reapOrphans stops the servers earlier test processes started and never
// stopped (a test binary that panicked runs no cleanup: two such servers
// were found running an hour later), waits for each to exit and removes
// its directory. A server whose test process still runs is left alone.
func reapOrphans() {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "mytune-mdb-*"))
	for _, dir := range dirs {
		owner, err := readPid(filepath.Join(dir, ownerFile))
		if err != nil || alive(owner) {
			continue
		}
		if pid, err := readPid(filepath.Join(dir, "mysqld.pid")); err == nil && alive(pid) && isServerOf(pid, dir) {
			stopPid(pid)
		}
		os.RemoveAll(dir)
	}
}

func readPid(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(b)))
}

// isServerOf reports whether pid is a mariadbd whose datadir is in dir
// (a recycled pid is someone else's process).
func isServerOf(pid int, dir string) bool {
	cmd, err := os.ReadFile(filepath.Join(procRoot, strconv.Itoa(pid), "cmdline"))
	return err == nil && strings.Contains(string(cmd), "--datadir="+filepath.Join(dir, "data"))
}
