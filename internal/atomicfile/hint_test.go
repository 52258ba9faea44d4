package atomicfile

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestReplaceHint: review r10, as user dbard, --out onto root's file in a
// sticky directory (mode 1777, like /tmp) failed with only 'rename …:
// operation not permitted', no word on what to do (house style).
func TestReplaceHint(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"sticky directory", &os.LinkError{Op: "rename", Old: "a", New: "b", Err: syscall.EPERM}, "sticky directory"},
		{"no access", &os.LinkError{Op: "rename", Old: "a", New: "b", Err: syscall.EACCES}, "its owner or root"},
		{"other", errors.New("input/output error"), "give --out another path"},
	}
	for _, c := range cases {
		if got := replaceHint(c.err); !strings.Contains(got, c.want) {
			t.Errorf("%s: replaceHint(%v) = %q, want %q", c.name, c.err, got, c.want)
		}
	}
}

// TestWriteHintENOSPC: review r10, --out into a filesystem with bytes free but
// no free inode (df -i: 0 of 64 free) said 'no space left on device: the
// filesystem is full: free some space', which cannot help: creating the
// file needs an inode.
func TestWriteHintENOSPC(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want []string
	}{
		{"no space or no inode", &os.PathError{Op: "open", Path: "x", Err: syscall.ENOSPC}, []string{"df -i", "remove files"}},
		{"read-only", &os.PathError{Op: "open", Path: "x", Err: syscall.EROFS}, []string{"read-only mount"}},
		{"permission", &os.PathError{Op: "open", Path: "x", Err: syscall.EACCES}, []string{"may write to"}},
	}
	for _, c := range cases {
		got := writeHint(c.err)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: writeHint = %q, want %q", c.name, got, w)
			}
		}
	}
}
