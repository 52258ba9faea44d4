//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe/server"
)

// serverArgs reach the shared test server with the full account.
func serverArgs(srv *testmariadb.Server) []string {
	return []string{"-S", srv.Socket, "-u", testmariadb.FullUser}
}

// fullPwd passes the full account's password the quiet way.
var fullPwd = runOpts{env: []string{"MYSQL_PWD=" + testmariadb.FullPassword}}

// storageOf decodes the path and notes of a probe's JSON.
func storageOf(t *testing.T, out string) (path string, notes []string) {
	t.Helper()
	var p struct {
		Storage struct {
			Path  string   `json:"path"`
			Notes []string `json:"notes"`
		} `json:"storage"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatalf("profile JSON: %v\n%s", err, out)
	}
	return p.Storage.Path, p.Storage.Notes
}

// TestProbeDatadirFromServer: without --datadir the server's datadir is
// probed, and both stderr and the report say so.
func TestProbeDatadirFromServer(t *testing.T) {
	srv := testmariadb.Shared(t)
	r := mytune(t, fullPwd, append([]string{"probe", "--no-measure", "--format", "json"}, serverArgs(srv)...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want, _ := filepath.EvalSymlinks(srv.Datadir)
	if !strings.Contains(r.stderr, "mytune: note: no --datadir given: probing the server's datadir "+srv.Datadir+" (@@datadir of unix ") {
		t.Errorf("stderr should say which directory is probed: %q", r.stderr)
	}
	path, notes := storageOf(t, r.stdout)
	if path != want {
		t.Errorf("storage.path %q, want the server's datadir %q", path, want)
	}
	if all := strings.Join(notes, "\n"); !strings.Contains(all, "no --datadir given: read the storage of (not measured: --no-measure) the server's datadir") {
		t.Errorf("notes should say the datadir came from the server, read but not measured (--no-measure): %q", notes)
	}
}

// TestProbeNotTheServersDatadir: a measured directory that is not the
// server's datadir gets a note saying whether it shares the filesystem.
func TestProbeNotTheServersDatadir(t *testing.T) {
	srv := testmariadb.Shared(t)
	other := t.TempDir()
	r := mytune(t, fullPwd, append([]string{"probe", "--no-measure", "--format", "json", "--datadir", other}, serverArgs(srv)...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	_, notes := storageOf(t, r.stdout)
	joined := strings.Join(notes, "\n")
	if !strings.Contains(joined, "is not the server's datadir") {
		t.Errorf("notes should say %s is not the server's datadir: %q", other, notes)
	}
	if !strings.Contains(joined, "same filesystem") && !strings.Contains(joined, "another filesystem") {
		t.Errorf("the note should say whether the filesystem is shared: %q", notes)
	}
	if strings.Contains(r.stderr, "no --datadir") {
		t.Errorf("stderr speaks of a missing --datadir: %q", r.stderr)
	}
}

// TestProbeBesideServerWall: reading a live server adds little to the
// probe's wall time, since the read runs during the measurement (it took
// the 2 s redo sample plus the probe before). Medians of 3 runs each way,
// interleaved, so machine noise hits both alike.
func TestProbeBesideServerWall(t *testing.T) {
	if testing.Short() {
		t.Skip("measures for 12 s; skipped with -short")
	}
	srv := testmariadb.Shared(t)
	var with, without []time.Duration
	for i := 0; i < 3; i++ {
		dir := t.TempDir()
		base := []string{"probe", "--datadir", dir, "--duration", "2s", "--format", "json"}
		r := mytune(t, fullPwd, append(base, serverArgs(srv)...)...)
		if r.code != 0 {
			t.Fatalf("with server: exit %d: %s", r.code, r.stderr)
		}
		with = append(with, r.elapsed)
		r = mytune(t, runOpts{}, append(base, "--no-server")...)
		if r.code != 0 {
			t.Fatalf("without server: exit %d: %s", r.code, r.stderr)
		}
		without = append(without, r.elapsed)
		if l := listing(t, dir); l != "" {
			t.Errorf("probe left %q behind", l)
		}
	}
	mw, mo := median(with), median(without)
	t.Logf("probe --duration 2s: median %s with the server, %s without", mw, mo)
	// The disk waits for the redo sample, which starts when the session
	// does, before the host probes (probe/gather.go besideServer, review
	// r22: sampled over the measurement, the server's rate read half): the
	// read adds at most what is left of that sample, under
	// DefaultRedoSample (2 s), where a read run after the measurement adds
	// all of it and its queries (2.13 s with --no-measure, 2026-12-07;
	// added 1.02-1.11 s here then).
	if mw-mo >= server.DefaultRedoSample {
		t.Errorf("the server read added %s to the probe (with %s, without %s): it should run beside the measurement", mw-mo, mw, mo)
	}
}

func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

// TestHermeticDiscovery: the tests run with MYTUNE_DISCOVERY=off, so a
// bare probe finds no server even when the machine runs one on the usual
// socket; with no --datadir that is bad input, never a measurement of the
// machine's own datadir.
func TestHermeticDiscovery(t *testing.T) {
	if v := os.Getenv("MYTUNE_DISCOVERY"); v != "off" {
		t.Fatalf("MYTUNE_DISCOVERY=%q in the tests; testmariadb.Main should set it off", v)
	}
	r := mytune(t, runOpts{}, "probe", "--no-measure")
	assertCleanError(t, r, 2, "--datadir is required: no server answered")
}
