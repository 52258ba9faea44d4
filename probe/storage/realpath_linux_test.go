package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// TestMountView: a path under /proc/PID/root is looked up in that
// process's mount table, by the part below its root.
func TestMountView(t *testing.T) {
	cases := []struct{ path, pid, inner string }{
		{"/proc/23171/root/var/lib/mysql", "23171", "/var/lib/mysql"},
		{"/proc/23171/root", "23171", "/"},
		{"/proc/self/root/srv", "self", "/srv"},
		{"/proc/23171/rootfs/x", "self", "/proc/23171/rootfs/x"},
		{"/var/lib/mysql", "self", "/var/lib/mysql"},
	}
	for _, c := range cases {
		if pid, inner := mountView(c.path); pid != c.pid || inner != c.inner {
			t.Errorf("mountView(%q) = %q, %q; want %q, %q", c.path, pid, inner, c.pid, c.inner)
		}
	}
}

// inOtherMountNS runs a thread in a mount namespace of its own with a
// tmpfs over dir, and returns its thread id; the thread ends (and its
// namespace with it) when the test does.
func inOtherMountNS(t *testing.T, dir string) int {
	t.Helper()
	tid, done := make(chan int), make(chan struct{})
	go func() {
		runtime.LockOSThread() // never unlocked: the thread exits with its namespace
		err := unix.Unshare(unix.CLONE_NEWNS)
		if err == nil {
			err = unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, "")
		}
		if err == nil {
			err = unix.Mount("tmpfs", dir, "tmpfs", 0, "size=64m")
		}
		if err == nil {
			err = os.Mkdir(filepath.Join(dir, "dd"), 0o755)
		}
		if err != nil {
			t.Errorf("a mount namespace with a tmpfs over %s: %v", dir, err)
			tid <- 0
			return
		}
		tid <- unix.Gettid()
		<-done
	}()
	t.Cleanup(func() { close(done) })
	n := <-tid
	if n == 0 {
		t.FailNow()
	}
	return n
}

// TestRealPathAcrossAMountNamespace: --datadir /proc/PID/root/var/lib/mysql
// (a container's datadir seen from the host) was resolved by
// filepath.EvalSymlinks through the /proc magic link "/" to the host's
// /var/lib/mysql: the probe wrote its test file there and reported the
// host's disk. The path is now kept as given, and its mount is the one in
// that process's mount table.
func TestRealPathAcrossAMountNamespace(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("MYTUNE_REQUIRE_BEDS") == "1" {
			t.Fatal("this test needs root (MYTUNE_REQUIRE_BEDS=1 is set)")
		}
		t.Skip("needs root: makes a mount namespace")
	}
	host := t.TempDir()
	if err := os.Mkdir(filepath.Join(host, "dd"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(host, "dd"), filepath.Join(host, "link")); err != nil {
		t.Fatal(err)
	}
	tid := inOtherMountNS(t, host)
	inside := fmt.Sprintf("/proc/%d/root%s/dd", tid, host)
	cases := []struct{ name, path, want, fstype string }{
		{"a symlink on this host: resolved", filepath.Join(host, "link"), filepath.Join(host, "dd"), ""},
		{"another mount namespace's root: kept", inside, inside, "tmpfs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := RealPath(c.path)
			if err != nil || got != c.want {
				t.Fatalf("RealPath(%q) = %q, %v; want %q", c.path, got, err, c.want)
			}
			if c.fstype == "" {
				return
			}
			s, _, err := Locate(context.Background(), DefaultRoots(), c.path)
			if err != nil || s.Path != c.want || s.FSType != c.fstype || s.MountPoint != host {
				t.Errorf("Locate: path %q fstype %q mount %q, %v; want %q %q %q", s.Path, s.FSType, s.MountPoint, err, c.want, c.fstype, host)
			}
		})
	}
}
