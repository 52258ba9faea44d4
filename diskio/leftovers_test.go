package diskio

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestRemoveTestFiles: the removal pass takes a file a run made, and once
// it has run no run makes another (a second signal's exit must not leave
// one made just after the pass).
func TestRemoveTestFiles(t *testing.T) {
	t.Cleanup(func() { liveMu.Lock(); quitting = false; liveMu.Unlock() })
	dir := t.TempDir()
	path, lock, err := createTestFile(Options{Dir: dir}, osOpener{})
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	cases := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"the made file is removed", func(t *testing.T) {
			if left := RemoveTestFiles(time.Second); len(left) != 0 {
				t.Errorf("RemoveTestFiles left %v", left)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s still there after RemoveTestFiles (%v)", path, err)
			}
		}},
		{"no file is made after it", func(t *testing.T) {
			_, _, err := createTestFile(Options{Dir: dir}, osOpener{})
			if !errors.Is(err, errQuitting) {
				t.Errorf("createTestFile after RemoveTestFiles: %v, want errQuitting", err)
			}
			if ents, _ := os.ReadDir(dir); len(ents) > 0 {
				t.Errorf("left %s", filepath.Join(dir, ents[0].Name()))
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

// TestRemoveTestFilesHung: an unlink that does not return (a frozen
// filesystem: the second Ctrl-C of a hung probe waited for the thaw) is
// given up after the wait, and the file is named as left.
func TestRemoveTestFilesHung(t *testing.T) {
	release := make(chan struct{})
	removeFile = func(string) error { <-release; return nil }
	t.Cleanup(func() {
		close(release)
		removeFile = os.Remove
		liveMu.Lock()
		quitting = false
		liveMu.Unlock()
	})
	dir := t.TempDir()
	path, lock, err := createTestFile(Options{Dir: dir}, osOpener{})
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	start := time.Now()
	left := RemoveTestFiles(300 * time.Millisecond)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %s, want about 300ms", took)
	}
	if len(left) != 1 || left[0] != path {
		t.Errorf("left %v, want [%s]", left, path)
	}
	os.Remove(path)
}
