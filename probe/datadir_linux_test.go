package probe

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/mytune/mytune/profile"
)

// TestDatadirNoteBindMount: --datadir a bind mount of @@datadir is the
// server's datadir (same device and inode), not "not the server's
// datadir" (QA 16). Needs root to bind-mount; skipped otherwise.
func TestDatadirNoteBindMount(t *testing.T) {
	root := t.TempDir()
	datadir, bind := filepath.Join(root, "datadir"), filepath.Join(root, "bind")
	for _, d := range []string{datadir, bind} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := unix.Mount(datadir, bind, "", unix.MS_BIND, ""); err != nil {
		t.Skipf("bind mount needs root: %v", err)
	}
	t.Cleanup(func() {
		if err := unix.Unmount(bind, 0); err != nil {
			t.Errorf("unmounting %s: %v", bind, err)
		}
	})
	cases := []struct {
		name, measured string
		wantNote       bool
	}{
		{"the bind mount of the datadir: no note", bind, false},
		{"the datadir itself: no note", datadir, false},
		{"another directory: a note", root, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := DatadirNote(profile.Storage{Path: c.measured}, ServerDatadir{Dir: datadir, Where: "unix /s", OnThisHost: true})
			if (got != "") != c.wantNote {
				t.Errorf("note %q, want a note: %v", got, c.wantNote)
			}
		})
	}
}
