package probe

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
)

// TestDatadirFromServerRefusals: without --datadir, mytune measures only
// the datadir of a server on this machine; otherwise --datadir is required
// (a usage error: exit 2) and the message says why, and nothing is
// announced. The reachable, local case runs against a real server in
// test/e2e (TestProbeDatadirFromServer).
func TestDatadirFromServerRefusals(t *testing.T) {
	cases := []struct {
		name string
		o    GatherOptions
		want string
	}{
		{"--no-server", GatherOptions{NoServer: true}, "with --no-server there is no server"},
		{"nothing answered", GatherOptions{Dial: ServerDial{NotFound: server.NotReached(&server.UnreachableError{})}}, "no server answered"},
		{"server on another machine", GatherOptions{Dial: ServerDial{Session: &server.Session{Endpoint: server.Endpoint{Net: "tcp", Addr: "192.0.2.7:3306"}}}},
			"the server at tcp 192.0.2.7:3306 is on another machine"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var notes []string
			c.o.Notef = func(f string, _ ...any) { notes = append(notes, f) }
			_, err := datadirFromServer(context.Background(), c.o)
			if err == nil || !usage.Is(err) || !strings.Contains(err.Error(), "--datadir is required: "+c.want) {
				t.Fatalf("err = %v, want a usage error with %q", err, c.want)
			}
			if len(notes) != 0 {
				t.Errorf("nothing is measured, so nothing may be announced: %q", notes)
			}
		})
	}
}

// TestGatherRefusesABadMyCnfBeforeMeasuring: a --mycnf that cannot be read
// is refused before the disk is touched. It was read after the
// measurement, so 'probe --mycnf /nonexistent.cnf' wrote and timed the
// disk for ~12 s and only then exited 2.
func TestGatherRefusesABadMyCnfBeforeMeasuring(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name  string
		mycnf string
	}{
		{"a file that is not there", filepath.Join(dir, "nope.cnf")},
		{"a directory", dir},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			measured := false
			o := GatherOptions{Options: Options{Datadir: dir, Duration: 10 * time.Second, Measure: true,
				Roots: DefaultRoots, BinRoot: "/", Progress: func(diskio.Progress) { measured = true }},
				NoServer: true, MyCnfPath: c.mycnf}
			_, err := Gather(context.Background(), o)
			if err == nil || !strings.Contains(err.Error(), "--mycnf") {
				t.Fatalf("err = %v, want a --mycnf error", err)
			}
			if measured {
				t.Errorf("the disk was measured before the my.cnf was refused")
			}
		})
	}
}
