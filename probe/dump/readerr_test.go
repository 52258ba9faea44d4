package dump

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestDumpReadErr: review r10, as user dbard, --dump of a directory or a
// mysqldump file it may not read ended '…: permission denied' with no word
// on what to do; other errors keep their text and stay unwrappable.
func TestDumpReadErr(t *testing.T) {
	cases := []struct {
		name    string
		err     error
		want    string
		notWant string
	}{
		{"directory not readable", &os.PathError{Op: "open", Path: "/srv/dump", Err: syscall.EACCES}, "run mytune as a user who may read the dump", ""},
		{"file not found", &os.PathError{Op: "open", Path: "/srv/dump", Err: syscall.ENOENT}, "no such file", "run mytune as"},
	}
	for _, c := range cases {
		got := dumpReadErr("listing dump directory", "/srv/dump", c.err)
		if !strings.Contains(got.Error(), c.want) || c.notWant != "" && strings.Contains(got.Error(), c.notWant) || !errors.Is(got, c.err) {
			t.Errorf("%s: %v, want %q, not %q, wrapping %v", c.name, got, c.want, c.notWant, c.err)
		}
	}
}
