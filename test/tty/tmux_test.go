package tty_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmux drives a private tmux server (its own socket file, -S, in a fresh
// directory), so the test neither sees nor disturbs anyone else's sessions;
// cleanup kills the server and removes the directory with the socket.
type tmux struct {
	socket string
}

// tmuxTimeout bounds each tmux command; they answer in milliseconds.
const tmuxTimeout = 10 * time.Second

// newTmux checks that tmux is installed (skipping, or failing when
// MYTUNE_REQUIRE_BEDS=1) and registers the server's teardown.
func newTmux(t *testing.T) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv(requireEnv) == "1" {
			t.Fatalf("tmux is not installed (apt-get install tmux) and %s=1 requires the terminal tests", requireEnv)
		}
		t.Skipf("tmux is not installed (apt-get install tmux; set %s=1 to fail instead)", requireEnv)
	}
	// A short directory under the system temp dir: a socket path must fit
	// sun_path, 108 bytes on Linux (unix(7)).
	dir, err := os.MkdirTemp("", "mytune-tty-")
	if err != nil {
		t.Fatalf("making a directory for the tmux socket: %v", err)
	}
	tm := &tmux{socket: filepath.Join(dir, "tmux.sock")}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), tmuxTimeout)
		defer cancel()
		// kill-server ends the pane's shell and, if a test failed early,
		// the probe still running in it.
		_ = exec.CommandContext(ctx, "tmux", "-S", tm.socket, "kill-server").Run()
		os.RemoveAll(dir)
	})
	return tm
}

// run runs one tmux command against the private server and fails t on error.
func (tm *tmux) run(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), tmuxTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "tmux", append([]string{"-S", tm.socket, "-f", "/dev/null"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// capture returns the pane's visible screen as plain text, or with
// history the whole scrollback too.
func (tm *tmux) capture(t *testing.T, history bool) string {
	t.Helper()
	args := []string{"capture-pane", "-p", "-t", "probe"}
	if history {
		args = append(args, "-S", "-")
	}
	return tm.run(t, args...)
}

// shellQuote joins args into one sh command line, each single-quoted.
func shellQuote(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}
