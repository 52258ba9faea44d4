//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteKeepsOnlyItsOwnMode: --out over another user's file (planted in
// /tmp with mode 0666) gave root's report that mode, so the other user
// could edit it before root appended it to my.cnf (review r15: nobody
// appended 'init_file=/tmp/evil.sql' to root's --format cnf output). A file
// of this user keeps its mode as before.
func TestWriteKeepsOnlyItsOwnMode(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("MYTUNE_REQUIRE_BEDS") == "1" {
			t.Fatal("this test needs root (MYTUNE_REQUIRE_BEDS=1 is set)")
		}
		t.Skip("needs root: makes a file owned by another user")
	}
	cases := []struct {
		name  string
		owner int
		mode  os.FileMode
		want  os.FileMode
	}{
		{"another user's 0666 file: a new file's mode", 65534, 0o666, 0o644},
		{"another user's 0600 file: a new file's mode", 65534, 0o600, 0o644},
		{"this user's 0666 file keeps it", 0, 0o666, 0o666},
		{"this user's 0600 file keeps it", 0, 0o600, 0o600},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tune.cnf")
			mustWrite(t, os.WriteFile(path, []byte("planted"), 0o600))
			mustWrite(t, os.Chmod(path, c.mode))
			mustWrite(t, os.Chown(path, c.owner, c.owner))
			old := syscall.Umask(0o022)
			err := Write(path, []byte("[mysqld]\n"))
			syscall.Umask(old)
			st, serr := os.Stat(path)
			if err != nil || serr != nil || st.Mode().Perm() != c.want {
				t.Errorf("Write: %v; mode %v (%v), want %v", err, st.Mode().Perm(), serr, c.want)
			}
		})
	}
}
