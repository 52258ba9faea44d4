package diskio

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

func TestRunOnMemoryFilesystems(t *testing.T) {
	tests := []struct {
		name  string
		mount func(t *testing.T) string
	}{
		// ramfs has no direct I/O at all; tmpfs accepts O_DIRECT since Linux 6.6.
		{name: "ramfs refuses O_DIRECT", mount: mountRamfs},
		{name: "tmpfs /dev/shm", mount: shmDir},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := tc.mount(t)
			want := kernelTakesODirect(t, dir)
			r, err := Run(context.Background(), Options{Dir: dir, Duration: time.Second, MaxBytes: 64 * MiB})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			checkPlausible(t, r, 64*MiB)
			if r.DirectIO != want {
				t.Errorf("DirectIO = %v, but the kernel's answer to O_DIRECT on %s is %v", r.DirectIO, dir, want)
			}
			if !r.DirectIO {
				assertNote(t, r, "O_DIRECT refused")
			}
			assertEmpty(t, dir)
		})
	}
}

// mountRamfs mounts a ramfs (no O_DIRECT support) in a temp dir; root only.
func mountRamfs(t *testing.T) string {
	skip := t.Skipf
	if os.Getenv("MYTUNE_REQUIRE_BEDS") == "1" { // CI runs as root and must run this
		skip = t.Fatalf
	}
	if os.Geteuid() != 0 {
		skip("mounting ramfs needs root")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "ramfs", "ramfs", dir).CombinedOutput(); err != nil {
		skip("cannot mount ramfs: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	return dir
}

// shmDir is a fresh directory on the tmpfs at /dev/shm.
func shmDir(t *testing.T) string {
	dir, err := os.MkdirTemp("/dev/shm", "mytune-diskio-test-")
	if err != nil {
		t.Skipf("no tmpfs at /dev/shm: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}

// kernelTakesODirect asks the kernel directly whether dir's filesystem
// accepts O_DIRECT, independently of the engine.
func kernelTakesODirect(t *testing.T, dir string) bool {
	path := filepath.Join(dir, "odirect-check")
	fd, err := unix.Open(path, unix.O_RDWR|unix.O_CREAT|unix.O_DIRECT, 0o600)
	_ = os.Remove(path)
	if err == nil {
		_ = unix.Close(fd)
		return true
	}
	if !errors.Is(err, unix.EINVAL) {
		t.Fatalf("probing O_DIRECT on %s: %v", dir, err)
	}
	return false
}
