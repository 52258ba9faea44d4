//go:build linux || darwin

package diskio

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// swapOpener is the real opener whose create, once the test file is made,
// does what another user who may write to the directory can do in between:
// put another file at its name.
type swapOpener struct {
	osOpener
	swap func(t *testing.T, path string)
	t    *testing.T
}

func (o swapOpener) create(path string) (io.Closer, error) {
	c, err := o.osOpener.create(path)
	if err == nil {
		o.swap(o.t, path)
	}
	return c, err
}

// TestRunNeverWritesThroughASwappedName: in a directory others may write
// to (a world-writable datadir), the test file's name was reopened by path,
// following a symlink: the run (as root) wrote its measurement bytes into
// the file the symlink named, and removed a file renamed there (review
// r15: a root-owned 0600 file became 13,565,952 bytes of random data).
func TestRunNeverWritesThroughASwappedName(t *testing.T) {
	const precious = "root-owned precious data\n"
	cases := []struct {
		name string
		swap func(t *testing.T, path, victim string)
	}{
		{"symlink to another file", func(t *testing.T, path, victim string) {
			mustDo(t, os.Rename(path, path+".moved"))
			mustDo(t, os.Symlink(victim, path))
		}},
		{"another file renamed to its name", func(t *testing.T, path, victim string) {
			mustDo(t, os.Rename(path, path+".moved"))
			mustDo(t, os.Rename(victim, path))
			mustDo(t, os.Link(path, victim)) // the victim keeps its own name too, to be read after
		}},
		{"hard link to another file", func(t *testing.T, path, victim string) {
			mustDo(t, os.Rename(path, path+".moved"))
			mustDo(t, os.Link(victim, path))
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, other := t.TempDir(), t.TempDir()
			victim := filepath.Join(other, "victim")
			mustDo(t, os.WriteFile(victim, []byte(precious), 0o600))
			op := swapOpener{t: t, swap: func(t *testing.T, path string) { tc.swap(t, path, victim) }}
			_, err, panicked := runCatching(dir, op)
			if panicked || err == nil || !strings.Contains(err.Error(), "the test file was replaced") {
				t.Errorf("run: err %v, panicked %v; want an error saying the test file was replaced", err, panicked)
			}
			got, rerr := os.ReadFile(victim)
			if rerr != nil || string(got) != precious {
				t.Errorf("the other file: %d bytes (err %v), want its %d bytes untouched", len(got), rerr, len(precious))
			}
		})
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
