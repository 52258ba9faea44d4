// Package tty_test runs the built mytune binary on a real pseudo-terminal
// (a private tmux server) and on pipes, and checks that the live progress
// line is drawn on a terminal only: a pipe or a log gets the report and
// nothing else — no progress text, no carriage returns, no escape codes.
package tty_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// requireEnv turns a missing tmux into a failure (CI sets it and installs
// tmux through scripts/install-deps.sh).
const requireEnv = "MYTUNE_REQUIRE_BEDS"

// probeDuration is the measuring time asked of each probe: long enough for
// several progress redraws (one per 100 ms, render/progress.go),
// short enough to keep the package under half a minute.
const probeDuration = "3s"

// progressRE matches the progress line render draws:
// "measuring rand write  1.5s / 3s  [==========          ]  812 MB/s".
var progressRE = regexp.MustCompile(`measuring ([a-z][a-z ]*[a-z])  ([0-9.]+(?:ms|s)) / ` + probeDuration + `  \[[= ]{20}\]`)

// progressStartRE matches the start of a progress line, even one cut short
// ("measuring seq write  3.2s / "); the report's own prose may say
// "measuring windows", which is not progress.
var progressStartRE = regexp.MustCompile(`measuring [a-z][a-z ]*[a-z]  [0-9.]+(?:ms|s) / `)

// reportMarks are headings every measured text report has.
var reportMarks = []string{"HOST", "STORAGE", "MEASUREMENTS", "RANDOM WRITE 16 KiB", "COMMIT COST"}

// bin is the mytune binary built once for the package.
var bin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mytune-tty-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "mytune")
	build := exec.Command("go", "build", "-o", bin, "github.com/mytune/mytune/cmd/mytune")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building mytune:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// probeArgs is the command line under test, measuring in dir.
func probeArgs(dir string) []string {
	return []string{"probe", "--datadir", dir, "--no-server", "--duration", probeDuration}
}

func TestProgressOnTerminal(t *testing.T) {
	dir := t.TempDir() // made first so it is removed after the tmux server is gone
	tm := newTmux(t)
	// The shell prints the exit code after the report, then keeps the pane
	// open so the last screen can still be read.
	line := shellQuote(append([]string{bin}, probeArgs(dir)...)) + `; echo "MYTUNE-EXIT=$?"; sleep 300`
	tm.run(t, "new-session", "-d", "-s", "probe", "-x", "100", "-y", "30", "-e", "NO_COLOR=1", line)

	seen := map[string]bool{}    // phases seen in the progress line
	elapsed := map[string]bool{} // distinct elapsed figures: the line is live
	deadline := time.Now().Add(90 * time.Second)
	var screen string
	for time.Now().Before(deadline) {
		screen = tm.capture(t, false)
		for _, m := range progressRE.FindAllStringSubmatch(screen, -1) {
			seen[m[1]] = true
			elapsed[m[2]] = true
		}
		if strings.Contains(screen, "MYTUNE-EXIT=") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	history := tm.capture(t, true)
	t.Logf("phases seen on the terminal: %v; %d distinct elapsed figures", keys(seen), len(elapsed))
	if !strings.Contains(history, "MYTUNE-EXIT=0") {
		t.Fatalf("probe did not finish with exit 0 within 90 s; last screen:\n%s", history)
	}
	if len(seen) == 0 {
		t.Fatalf("no progress line (%s) appeared on the terminal while probing; last screen:\n%s", progressRE, history)
	}
	if len(elapsed) < 2 {
		t.Errorf("the progress line never advanced: elapsed figures seen %v", keys(elapsed))
	}
	for _, mark := range reportMarks {
		if !strings.Contains(history, mark) {
			t.Errorf("the final report lacks %q:\n%s", mark, history)
		}
	}
	if progressRE.MatchString(history) {
		t.Errorf("the progress line was not erased before the report:\n%s", history)
	}
}

func TestNoProgressInPipe(t *testing.T) {
	cases := []struct {
		name   string
		env    []string
		format string
		want   []string // in stdout
	}{
		{"text report, colours allowed", nil, "text", reportMarks},
		{"text report with NO_COLOR", []string{"NO_COLOR=1"}, "text", reportMarks},
		{"json profile", nil, "json", []string{`"storage"`, `"rand_write"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, append(probeArgs(t.TempDir()), "--format", c.format)...)
			cmd.Env = append(withoutColorVars(os.Environ()), c.env...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("mytune probe: %v\nstderr: %s", err, stderr.String())
			}
			for name, out := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String()} {
				for _, bad := range []string{"\x1b", "\r"} {
					if strings.Contains(out, bad) {
						t.Errorf("%s to a pipe holds %q:\n%q", name, bad, out)
					}
				}
				if progressRE.MatchString(out) || progressStartRE.MatchString(out) {
					t.Errorf("%s to a pipe holds the progress line:\n%s", name, out)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout.String())
				}
			}
		})
	}
}

// withoutColorVars drops variables that force or forbid colour, so each
// case sets exactly what it means to test.
func withoutColorVars(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "CLICOLOR_FORCE=") {
			out = append(out, kv)
		}
	}
	return out
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
