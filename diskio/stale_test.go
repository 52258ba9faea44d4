//go:build linux || darwin

package diskio

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
)

// deadPID is the pid of a process that has exited (a finished child).
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestRemoveStale: files of dead runs go, files of live mytune runs, of
// this process and anything not named like a test file stay; a live pid
// that is not mytune (reused) does not protect its file.
func TestRemoveStale(t *testing.T) {
	dir, proc := t.TempDir(), t.TempDir()
	dead, me, init := deadPID(t), os.Getpid(), 1
	writeComm := func(pid int, comm string) {
		d := filepath.Join(proc, strconv.Itoa(pid))
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "comm"), []byte(comm+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeComm(init, "init")           // alive, not mytune: its pid was reused
	writeComm(os.Getppid(), "mytune") // alive and mytune: a run in progress
	files := map[string]int{
		".mytune-probe-" + strconv.Itoa(dead) + "-0123456789ab.tmp":         1000,
		".mytune-probe-1-0123456789ab.tmp":                                  10,
		".mytune-probe-" + strconv.Itoa(os.Getppid()) + "-0123456789ab.tmp": 5,
		".mytune-probe-" + strconv.Itoa(me) + "-0123456789ab.tmp":           5,
		"ibdata1": 5, ".mytune-probe-12-notours.tmp": 5,
	}
	for name, size := range files {
		if err := os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	gone, err := RemoveStale(dir, proc)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	var bytes int64
	for _, s := range gone {
		names = append(names, filepath.Base(s.Path))
		bytes += s.Bytes
	}
	sort.Strings(names)
	want := []string{".mytune-probe-" + strconv.Itoa(dead) + "-0123456789ab.tmp", ".mytune-probe-1-0123456789ab.tmp"}
	sort.Strings(want)
	if len(names) != 2 || names[0] != want[0] || names[1] != want[1] || bytes != 1010 {
		t.Errorf("removed %v (%d bytes), want %v (1010 bytes)", names, bytes, want)
	}
	left, _ := os.ReadDir(dir)
	if len(left) != len(files)-2 {
		t.Errorf("%d files left, want %d", len(left), len(files)-2)
	}
}
