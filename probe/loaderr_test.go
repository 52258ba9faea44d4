package probe

import (
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/mytune/mytune/internal/usage"
)

// TestProfileReadErr: review r10, as user dbard, --from on a root 0600
// file said 'cannot read profile …: permission denied' and nothing on
// what to do.
func TestProfileReadErr(t *testing.T) {
	cases := []struct {
		err     error
		want    string
		notWant string
	}{
		{&os.PathError{Op: "open", Path: "/root/p.json", Err: syscall.EACCES}, "run mytune as a user who may read it", ""},
		{&os.PathError{Op: "open", Path: "/root/p.json", Err: syscall.ENOENT}, "no such file", "run mytune as"},
	}
	for _, c := range cases {
		got := profileReadErr("/root/p.json", c.err)
		if !usage.Is(got) || !strings.Contains(got.Error(), c.want) || c.notWant != "" && strings.Contains(got.Error(), c.notWant) {
			t.Errorf("profileReadErr(%v) = %v, want a usage error with %q, not %q", c.err, got, c.want, c.notWant)
		}
	}
}
