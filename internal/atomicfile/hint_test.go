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
