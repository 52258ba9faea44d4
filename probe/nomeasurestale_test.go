//go:build linux

package probe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestRunNoMeasureRemovesStale: a probe killed with SIGKILL left its
// 25 MiB test file, and any number of --no-measure runs kept it without a
// word (review r59). They now remove and report it as a measuring run
// does; a probe measuring now is left alone and not called a competitor
// of a run that measures nothing.
func TestRunNoMeasureRemovesStale(t *testing.T) {
	const boot = "aaaaaaaabbbbccccddddeeeeeeeeeeee"
	const name = ".mytune-probe-1-4026532999-" + boot + "-7-0123456789ab.tmp"
	cases := []struct {
		name     string
		lock     bool
		wantKept bool
		wantNote string // "": no note on test files
	}{
		{"the file of a killed run", false, false, "removed a test file an earlier run left behind"},
		{"a probe measuring now", true, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, name)
			if err := os.WriteFile(path, make([]byte, 4096), 0o600); err != nil {
				t.Fatal(err)
			}
			if c.lock {
				fd, err := unix.Open(path, unix.O_RDWR|unix.O_CLOEXEC, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer unix.Close(fd)
				if err := unix.Flock(fd, unix.LOCK_EX); err != nil {
					t.Fatal(err)
				}
			}
			p, err := Run(context.Background(), Options{Datadir: dir, Duration: 10 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(p.Storage.Notes, "\n")
			if c.wantNote != "" && !strings.Contains(notes, c.wantNote) {
				t.Errorf("notes %q lack %q", notes, c.wantNote)
			}
			if c.wantNote == "" && strings.Contains(notes, "test file") {
				t.Errorf("notes %q speak of a test file", notes)
			}
			if _, err := os.Stat(path); (err == nil) != c.wantKept {
				t.Errorf("file kept %v, want %v", err == nil, c.wantKept)
			}
		})
	}
}
