package probe

import (
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/profile"
)

// TestStaleNotes: a killed run's file that could not be removed gets one
// note that names it whole in a command to paste and who may run it, and
// never says a probe may be measuring now (review r10: as user dbard in a
// sticky directory the report said "left alone ... if one does, the two
// probes competed" of a file whose maker had exited, then again "could not
// be removed ... delete it by hand"); a directory that cannot be listed is
// not called a file that could not be removed.
func TestStaleNotes(t *testing.T) {
	const path = "/var/tmp/st/.mytune-probe-14297-4026531836-684020c494a04f1cac886f6b0eab3319-3986962-49064e857af9.tmp"
	gone := "its lock could not be tested (permission denied) but its maker (pid 14297, this boot, this pid namespace) has exited"
	cases := []struct {
		name    string
		found   []diskio.Stale
		err     error
		want    []string
		notWant []string
	}{
		{"another user's file in a sticky directory",
			[]diskio.Stale{{Path: path, PID: 14297, Bytes: 64 << 20, Why: gone, RemoveErr: &os.PathError{Op: "remove", Path: path, Err: syscall.EPERM}}},
			nil, []string{"could not be removed (operation not permitted)", "64.0 MiB", "has exited", "its owner or root", "rm -f -- " + path},
			[]string{"left alone", "competed", "measuring"}},
		{"a read-only mount",
			[]diskio.Stale{{Path: path, Bytes: 1 << 20, Why: gone, RemoveErr: &os.PathError{Op: "remove", Path: path, Err: syscall.EROFS}}},
			nil, []string{"read-only file system", "rm -f -- " + path}, []string{"left alone", "its owner or root"}},
		{"a directory that cannot be listed", nil, &os.PathError{Op: "open", Path: "/var/tmp/st", Err: syscall.EACCES},
			[]string{"could not look for test files", "/var/tmp/st (permission denied)"}, []string{"could not be removed"}},
		{"a file removed", []diskio.Stale{{Path: path, Bytes: 1 << 20, Why: gone, Removed: true}}, nil,
			[]string{"removed a test file"}, []string{"could not be removed", "could not look"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := &profile.Storage{Path: "/var/tmp/st"}
			live := staleNotes(st, c.found, c.err)
			if len(live) != 0 || len(st.Notes) != 1 {
				t.Fatalf("live %v, notes %q: want none live and one note", live, st.Notes)
			}
			for _, w := range c.want {
				if !strings.Contains(st.Notes[0], w) {
					t.Errorf("note %q lacks %q", st.Notes[0], w)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(st.Notes[0], w) {
					t.Errorf("note %q says %q", st.Notes[0], w)
				}
			}
		})
	}
}
