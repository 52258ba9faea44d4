package probe

import (
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestHiddenDatadirNote: review r10, as user dbard measuring --datadir
// /var/tmp/scr-rd/wd beside a server whose datadir's parent is mysql 0750,
// the note said the datadir 'is not visible here (permission denied; a
// container?)': it was on this host, only out of this user's reach.
func TestHiddenDatadirNote(t *testing.T) {
	srv := ServerDatadir{Dir: "/var/tmp/scr-rd/db/data/", Where: "tcp 127.0.0.1:3431", OnThisHost: true}
	cases := []struct {
		name    string
		err     error
		want    []string
		notWant string
	}{
		{"permission denied", &os.PathError{Op: "lstat", Path: "/var/tmp/scr-rd/db/data", Err: syscall.EACCES},
			[]string{"not reachable by this user (permission denied)", "run mytune as root or the server's user"}, "container"},
		{"missing", &os.PathError{Op: "lstat", Path: "/var/tmp/scr-rd/db/data", Err: syscall.ENOENT},
			[]string{"is not visible here (no such file or directory; a container?)"}, "this user"},
	}
	for _, c := range cases {
		got := hiddenDatadirNote(srv, "/var/tmp/scr-rd/wd", c.err)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", c.name, got, w)
			}
		}
		if strings.Contains(got, c.notWant) {
			t.Errorf("%s: %q says %q", c.name, got, c.notWant)
		}
	}
}
