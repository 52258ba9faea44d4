//go:build unix

// Package e2e runs the built mytune binary the way a user does and checks
// exit codes, the shape of stderr, and that nothing is left behind.
package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// bin is the mytune binary built once for the whole package.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mytune-e2e-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// World-readable so the binary can run as nobody in the permission test.
	_ = os.Chmod(dir, 0o755)
	bin = filepath.Join(dir, "mytune")
	build := exec.Command("go", "build", "-o", bin, "github.com/mytune/mytune/cmd/mytune")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building mytune:", err)
		os.Exit(1)
	}
	code := testmariadb.Main(m)
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what one run of the binary gave.
type result struct {
	code           int
	stdout, stderr string
	elapsed        time.Duration
}

// runOpts tunes one run: environment, credentials, a signal to send.
type runOpts struct {
	env      []string
	cred     *syscall.Credential
	signalAt time.Duration
	signal   os.Signal     // sent at signalAt; os.Interrupt when nil
	again    time.Duration // when > 0, the signal is sent a second time this long after the first
	// signalWhen, when set, delays the signal past signalAt until it is
	// true (polled every 50 ms; given up after timeout): on a busy host a
	// fixed delay can come before what the test needs to interrupt.
	signalWhen func() bool
	timeout    time.Duration
	stdinBytes []byte
}

// signalLater sends sig at o.signalAt (and again o.again later), first
// waiting for o.signalWhen when it is set.
func signalLater(p *os.Process, sig os.Signal, o runOpts, start time.Time) {
	time.Sleep(o.signalAt)
	for o.signalWhen != nil && !o.signalWhen() && time.Since(start) < o.timeout {
		time.Sleep(50 * time.Millisecond)
	}
	_ = p.Signal(sig)
	if o.again > 0 {
		time.Sleep(o.again)
		_ = p.Signal(sig)
	}
}

// mytune runs the binary with args and returns its result.
func mytune(t *testing.T, o runOpts, args ...string) result {
	t.Helper()
	if o.timeout == 0 {
		o.timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "HOME="+t.TempDir()), o.env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Stdin = bytes.NewReader(o.stdinBytes)
	if o.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: o.cred}
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting mytune: %v", err)
	}
	if o.signalAt > 0 {
		sig := o.signal
		if sig == nil {
			sig = os.Interrupt
		}
		go signalLater(cmd.Process, sig, o, start)
	}
	err := cmd.Wait()
	r := result{stdout: out.String(), stderr: errb.String(), elapsed: time.Since(start)}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running mytune %v: %v", args, err)
	}
	return r
}

// assertCleanError checks the shape every user-facing error must have:
// one or two lines on stderr (CONTRACT.md; a "mytune: warning:" line before
// them does not count), starting "mytune: ", no Go stack trace.
func assertCleanError(t *testing.T, r result, wantCode int, wantSub string) {
	t.Helper()
	if r.code != wantCode {
		t.Errorf("exit code %d, want %d; stderr:\n%s", r.code, wantCode, r.stderr)
	}
	lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
	for len(lines) > 1 && strings.HasPrefix(lines[0], "mytune: warning:") {
		lines = lines[1:]
	}
	if len(lines) < 1 || len(lines) > 2 || !strings.HasPrefix(lines[0], "mytune: ") {
		t.Errorf("stderr should be 1-2 lines starting 'mytune: ', got %d:\n%s", len(lines), r.stderr)
	}
	for _, bad := range []string{"goroutine ", "panic:", ".go:", "runtime.", "internal error"} {
		if strings.Contains(r.stderr, bad) {
			t.Errorf("stderr looks like a stack trace (%q):\n%s", bad, r.stderr)
		}
	}
	if wantSub != "" && !strings.Contains(strings.ToLower(r.stderr), strings.ToLower(wantSub)) {
		t.Errorf("stderr should mention %q:\n%s", wantSub, r.stderr)
	}
}

// listing returns the names in dir, sorted, to compare before and after.
func listing(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatalf("listing %s: %v", dir, err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return strings.Join(names, ",")
}

// requireRoot skips a root-only test, unless MYTUNE_REQUIRE_BEDS=1 makes
// that a failure (CI runs as root and must run them).
func requireRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() == 0 {
		return
	}
	if os.Getenv("MYTUNE_REQUIRE_BEDS") == "1" {
		t.Fatal("this test needs root (MYTUNE_REQUIRE_BEDS=1 is set)")
	}
	t.Skip("needs root: set up mounts and switch users")
}
