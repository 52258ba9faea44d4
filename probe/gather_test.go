package probe

import (
	"context"
	"os"
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
			_, err := datadirFromServer(context.Background(), c.o, ServerPlace{})
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

// TestReadMyCnfKeepsAnAbsolutePath: a --mycnf given relative is kept
// absolute, so advice from the saved profile, run elsewhere, names the file
// to append to (review 2026-12-06: `probe --mycnf io.cnf`, then `advise
// --from` in / said "append it to the end of io.cnf").
func TestReadMyCnfKeepsAnAbsolutePath(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "io.cnf"), []byte("[mysqld]\ninnodb_io_capacity = 500\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, arg string }{
		{"relative", "io.cnf"},
		{"dot-relative", "./io.cnf"},
		{"absolute", filepath.Join(dir, "io.cnf")},
	}
	t.Chdir(dir)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mc, err := ReadMyCnf(c.arg)
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(dir, "io.cnf"); mc.Path != want {
				t.Errorf("path %q, want %q", mc.Path, want)
			}
		})
	}
}
