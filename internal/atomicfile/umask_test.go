//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteUmask: a new --out file gets 0644 less the umask, as "> FILE"
// does; an existing one keeps its mode. Review r10: under umask 077 as
// user dbard, 'probe --out ~/p.json' made it -rw-r--r-- while
// 'probe > ~/p2.txt' made -rw-------: Write chmodded every new file to
// 0644, over the user's umask.
func TestWriteUmask(t *testing.T) {
	cases := []struct {
		name     string
		umask    int
		existing os.FileMode // 0: a new file
		want     os.FileMode
	}{
		{"umask 022", 0o022, 0, 0o644},
		{"umask 077", 0o077, 0, 0o600},
		{"umask 027", 0o027, 0, 0o640},
		{"umask 077, existing 0644 file keeps it", 0o077, 0o644, 0o644},
		{"umask 022, existing 0600 file keeps it", 0o022, 0o600, 0o600},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "r.json")
			if c.existing != 0 {
				if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, c.existing); err != nil {
					t.Fatal(err)
				}
			}
			old := syscall.Umask(c.umask)
			err := Write(path, []byte("report\n"))
			syscall.Umask(old)
			if err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(path)
			if err != nil || st.Mode().Perm() != c.want {
				t.Errorf("mode %v (err %v), want %v", st.Mode().Perm(), err, c.want)
			}
			if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*.tmp-*")); len(left) > 0 {
				t.Errorf("temp files left: %v", left)
			}
		})
	}
}
