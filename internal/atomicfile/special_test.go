//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestWriteSpecial: a path that is not a regular file is written through,
// never replaced (review: as root, --out /dev/null renamed a regular file
// over the system's /dev/null, and --out /dev/full did the same and exited
// 0), and a symlink keeps pointing where it did, its target rewritten.
func TestWriteSpecial(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "target.prom")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.prom")
	if err := os.Symlink("target.prom", link); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path, readFrom string
		wantMode             os.FileMode // of path, Lstat
	}{
		{"a FIFO stays a FIFO and gets the data", fifo, fifo, os.ModeNamedPipe},
		{"a symlink stays a symlink, its target gets the data", link, target, os.ModeSymlink},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := make(chan string, 1)
			if c.wantMode == os.ModeNamedPipe {
				go func() { b, _ := os.ReadFile(c.readFrom); got <- string(b) }()
			}
			if err := Write(c.path, []byte("report\n")); err != nil {
				t.Fatal(err)
			}
			if c.wantMode != os.ModeNamedPipe {
				b, _ := os.ReadFile(c.readFrom)
				got <- string(b)
			}
			select {
			case s := <-got:
				if s != "report\n" {
					t.Errorf("%s holds %q, want %q", c.readFrom, s, "report\n")
				}
			case <-time.After(5 * time.Second):
				t.Errorf("nothing was written into %s", c.readFrom)
			}
			st, err := os.Lstat(c.path)
			if err != nil || st.Mode().Type() != c.wantMode {
				t.Errorf("%s is now %v (err %v), want type %v", c.path, st.Mode().Type(), err, c.wantMode)
			}
		})
	}
}
