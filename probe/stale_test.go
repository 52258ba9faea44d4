//go:build linux

package probe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/mytune/mytune/profile"
)

// TestRemoveStaleNotes: the storage notes say what was removed and what
// was left alone: another probe measuring (its file locked, here pid 1 of
// a container) is said to compete, never said to have stopped running.
func TestRemoveStaleNotes(t *testing.T) {
	const boot = "aaaaaaaabbbbccccddddeeeeeeeeeeee"
	cases := []struct {
		name      string
		file      string
		lock      bool
		wantKept  bool
		wantNote  string
		wantNoted string // must not appear
	}{
		{"probe in a container holding its lock", ".mytune-probe-1-4026532999-" + boot + "-7-0123456789ab.tmp", true, true,
			"another mytune probe is measuring the disk under", "no longer runs"},
		{"pid-only name of pid 1 (init here)", ".mytune-probe-1-0123456789ab.tmp", false, true,
			"left alone a test file another run made", "removed a test file"},
		{"unlocked file of a killed run", ".mytune-probe-1-4026532999-" + boot + "-7-0123456789ab.tmp", false, false,
			"removed a test file an earlier run left behind", "left alone"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, c.file)
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
			st := &profile.Storage{Path: dir}
			removeStale(st, "")
			notes := strings.Join(st.Notes, "\n")
			if !strings.Contains(notes, c.wantNote) || strings.Contains(notes, c.wantNoted) {
				t.Errorf("notes %q: want %q, not %q", notes, c.wantNote, c.wantNoted)
			}
			if _, err := os.Stat(path); (err == nil) != c.wantKept {
				t.Errorf("file kept %v, want %v", err == nil, c.wantKept)
			}
		})
	}
}

// TestNoteLaterProbes: a probe of the same directory that began while this
// one measured (its file locked at the end, not at the start) is named in
// a note, as the later probe names this one; one noted at the start is not
// noted twice, and none means no note. Found running two probes of one
// directory 2.5 s apart: only the second's report said they competed.
func TestNoteLaterProbes(t *testing.T) {
	const other = ".mytune-probe-1-4026532999-aaaaaaaabbbbccccddddeeeeeeeeeeee-7-0123456789ab.tmp"
	cases := []struct {
		name       string
		file       bool
		seenBefore bool
		wantNote   bool
	}{
		{"a probe began during this one", true, false, true},
		{"the probe was measuring at the start already", true, true, false},
		{"no other probe", false, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, other)
			if c.file {
				if err := os.WriteFile(path, make([]byte, 4096), 0o600); err != nil {
					t.Fatal(err)
				}
				fd, err := unix.Open(path, unix.O_RDWR|unix.O_CLOEXEC, 0)
				if err != nil {
					t.Fatal(err)
				}
				defer unix.Close(fd)
				if err := unix.Flock(fd, unix.LOCK_EX); err != nil {
					t.Fatal(err)
				}
			}
			st := &profile.Storage{Path: dir}
			noteLaterProbes(st, "", map[string]bool{path: c.seenBefore})
			notes := strings.Join(st.Notes, "\n")
			if got := strings.Contains(notes, "began measuring the disk under "+dir+" while this one measured"); got != c.wantNote {
				t.Errorf("note present %v, want %v: %q", got, c.wantNote, notes)
			}
			if _, err := os.Stat(path); c.file && err != nil {
				t.Errorf("the other probe's file was removed: %v", err)
			}
		})
	}
}
