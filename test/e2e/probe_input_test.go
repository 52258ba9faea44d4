//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestProbeBadInput runs the probe on input a user gets wrong and checks
// each is a clean error with the right exit code that leaves nothing behind.
func TestProbeBadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	badCfg := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(badCfg, []byte("duration: 5s\nmax-bytes: [oops\n  datadir: :\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		args     []string
		env      []string
		wantCode int
		wantSub  string
	}{
		{"missing dir", []string{"probe", "--datadir", filepath.Join(dir, "nope")}, nil, 2, "does not exist"},
		{"file instead of dir", []string{"probe", "--datadir", file}, nil, 2, "not a directory"},
		{"no datadir", []string{"probe"}, nil, 2, "--datadir is required"},
		{"no datadir and no server", []string{"advise", "--no-server"}, nil, 2, "--datadir is required: with --no-server"},
		{"negative duration", []string{"probe", "--datadir", dir, "--duration=-5s"}, nil, 2, "positive"},
		{"banana bytes", []string{"probe", "--datadir", dir, "--max-bytes=banana"}, nil, 2, "not a size"},
		{"banana bytes from env", []string{"probe", "--datadir", dir}, []string{"MYTUNE_MAX_BYTES=banana"}, 2, "not a size"},
		{"malformed config", []string{"probe", "--datadir", dir, "--config", badCfg}, nil, 2, "line"},
		{"missing config", []string{"probe", "--datadir", dir, "--config", filepath.Join(dir, "none.yaml")}, nil, 2, "none.yaml"},
		{"unknown flag", []string{"probe", "--bogus"}, nil, 2, "unknown flag"},
		{"bad format", []string{"probe", "--datadir", dir, "--format", "xml"}, nil, 2, "format"},
		{"out is a directory", []string{"probe", "--datadir", dir, "--no-measure", "--no-server", "--out", dir}, nil, 2, "directory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := listing(t, dir)
			r := mytune(t, runOpts{env: c.env}, c.args...)
			assertCleanError(t, r, c.wantCode, c.wantSub)
			if after := listing(t, dir); after != before {
				t.Errorf("directory changed: %q -> %q", before, after)
			}
		})
	}
}

// TestProbeReadOnlyMount probes a read-only filesystem: a clear refusal.
func TestProbeReadOnlyMount(t *testing.T) {
	requireRoot(t)
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "ro,size=8m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Fatalf("mount ro tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", mnt).Run() })
	r := mytune(t, runOpts{}, "probe", "--datadir", mnt, "--no-server", "--duration", "2s")
	assertCleanError(t, r, 2, "cannot write")
	if l := listing(t, mnt); l != "" {
		t.Errorf("read-only mount now holds %q", l)
	}
}

// TestProbeNoPermission probes a root-only directory as nobody.
func TestProbeNoPermission(t *testing.T) {
	requireRoot(t)
	dir, err := os.MkdirTemp("", "mytune-e2e-perm-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil { // nobody may enter but not write
		t.Fatal(err)
	}
	nobody := &syscall.Credential{Uid: 65534, Gid: 65534}
	r := mytune(t, runOpts{cred: nobody}, "probe", "--datadir", dir, "--no-server", "--duration", "2s")
	assertCleanError(t, r, 2, "permission")
	if l := listing(t, dir); l != "" {
		t.Errorf("directory now holds %q", l)
	}
}

// TestProbeNearlyFull probes a small filesystem with almost no free space.
func TestProbeNearlyFull(t *testing.T) {
	requireRoot(t)
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Fatalf("mount tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", mnt).Run() })
	filler := filepath.Join(mnt, "filler")
	if err := os.WriteFile(filler, make([]byte, 15<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	before := listing(t, mnt)
	r := mytune(t, runOpts{}, "probe", "--datadir", mnt, "--no-server", "--duration", "2s")
	assertCleanError(t, r, 2, "space")
	if after := listing(t, mnt); after != before {
		t.Errorf("filesystem changed: %q -> %q", before, after)
	}
}

// TestProbeSignals interrupts a probe mid-measurement with each signal a
// user or a dropped ssh session sends: it must stop within a couple of
// seconds, exit non-zero and remove its test file.
func TestProbeSignals(t *testing.T) {
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			r := mytune(t, runOpts{signalAt: 1500 * time.Millisecond, signal: sig}, "probe", "--datadir", dir, "--no-server", "--duration", "30s")
			if r.elapsed > 4*time.Second {
				t.Errorf("probe took %s to stop after %v at 1.5s", r.elapsed, sig)
			}
			assertCleanError(t, r, 1, "interrupted")
			if l := listing(t, dir); l != "" {
				t.Errorf("probe left %q behind", l)
			}
		})
	}
}

// TestProbeRemovesAKilledRunsFile: a test file left by a run killed
// before its clean-up (SIGKILL) is removed by the next probe of that
// directory, and the report says so.
func TestProbeRemovesAKilledRunsFile(t *testing.T) {
	dir := t.TempDir()
	fileThere := func() bool { // polled off the test's goroutine: no t.Fatal here
		ents, err := os.ReadDir(dir)
		return err == nil && len(ents) > 0 && strings.HasPrefix(ents[0].Name(), ".mytune-probe-")
	}
	r := mytune(t, runOpts{signalAt: 1500 * time.Millisecond, signal: syscall.SIGKILL, signalWhen: fileThere},
		"probe", "--datadir", dir, "--no-server", "--duration", "30s")
	if r.code == 0 {
		t.Fatalf("a killed probe exited 0")
	}
	left := listing(t, dir)
	if !strings.HasPrefix(left, ".mytune-probe-") {
		t.Fatalf("the killed probe left %q, want its test file (the case this test is about)", left)
	}
	r = mytune(t, runOpts{}, "probe", "--datadir", dir, "--no-server", "--duration", "2s", "--format", "json")
	if r.code != 0 {
		t.Fatalf("probe after the kill: code %d, stderr %q", r.code, r.stderr)
	}
	if l := listing(t, dir); l != "" {
		t.Errorf("after the next probe %q is still there", l)
	}
	if !strings.Contains(r.stdout, "removed a test file an earlier run left behind") {
		t.Errorf("the report does not say the file was removed: %s", r.stdout)
	}
}

// TestProbeSignalledTwice: a second signal right after the first (as
// `timeout` sends one to the process and one to its group) ends the probe
// at once, exit 1, with its test file removed all the same.
func TestProbeSignalledTwice(t *testing.T) {
	for _, again := range []time.Duration{2 * time.Millisecond, 20 * time.Millisecond} {
		dir := t.TempDir()
		r := mytune(t, runOpts{signalAt: 1500 * time.Millisecond, signal: syscall.SIGTERM, again: again},
			"probe", "--datadir", dir, "--no-server", "--duration", "30s")
		assertCleanError(t, r, 1, "interrupted")
		if l := listing(t, dir); l != "" {
			t.Errorf("second signal %s after the first: probe left %q behind", again, l)
		}
	}
}

// TestUsageExitCodes: every kind of bad usage exits 2 with a clean error.
func TestUsageExitCodes(t *testing.T) {
	for _, args := range [][]string{{"bogus"}, {"probe", "extra"}, {"version", "extra"}, {"rules", "bogus"},
		{"version", "--format", "xml"}, {"probe", "--datadir", ".", "--duration", "1ms"}} {
		r := mytune(t, runOpts{}, args...)
		assertCleanError(t, r, 2, "")
	}
}

// TestVersion checks both spellings print version, commit and Go version.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := mytune(t, runOpts{}, args...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "mytune ") || !strings.Contains(r.stdout, "go1.") {
			t.Errorf("%v: code %d, stdout %q", args, r.code, r.stdout)
		}
	}
	r := mytune(t, runOpts{}, "version", "--format", "json")
	var v map[string]string
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil || v["go_version"] == "" || v["version"] == "" {
		t.Errorf("version --format json: %v %q", err, r.stdout)
	}
}
