package testmariadb

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestReapOrphans: a server directory whose test process is gone has its
// server stopped (waited for) and is removed; one whose test process runs
// is left alone.
func TestReapOrphans(t *testing.T) {
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	orphan, err := os.MkdirTemp("", "mytune-mdb-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(orphan)
	// a stand-in server: its command line names the orphan's datadir
	srv := exec.Command("sh", "-c", "sleep 60", "mariadbd", "--datadir="+filepath.Join(orphan, "data"))
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = srv.Wait(); close(exited) }()
	write(t, filepath.Join(orphan, ownerFile), gone.Process.Pid)
	write(t, filepath.Join(orphan, "mysqld.pid"), srv.Process.Pid)

	mine, err := os.MkdirTemp("", "mytune-mdb-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(mine)
	write(t, filepath.Join(mine, ownerFile), os.Getpid())

	reapOrphans()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		t.Error("the orphan's server still runs")
	}
	if _, err := os.Stat(orphan); !os.IsNotExist(err) {
		t.Errorf("the orphan's directory is still there: %v", err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("a live test's directory was removed: %v", err)
	}
}

func write(t *testing.T, path string, pid int) {
	t.Helper()
	if err := os.WriteFile(path, []byte(strconv.Itoa(pid)), 0o600); err != nil {
		t.Fatal(err)
	}
}
