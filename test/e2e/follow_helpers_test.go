//go:build unix

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// needTools skips the test (fails it under testmariadb.RequireEnv) when
// one of the programs a followed line runs is not installed.
func needTools(t *testing.T, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv(testmariadb.RequireEnv) == "1" {
				t.Fatalf("%s not installed (scripts/install-deps.sh installs it): %v", tool, err)
			}
			t.Skipf("%s not installed: the printed lines cannot be followed", tool)
		}
	}
}

// sqlAt returns a runner of SQL text through the mariadb client at sock
// (batch output, no column names; the text read as a file is, so
// DELIMITER works), failing the test on an error.
func sqlAt(t *testing.T, sock string, args ...string) func(string) string {
	return func(stmts string) string {
		t.Helper()
		cmd := exec.Command("mariadb", append([]string{"--socket", sock, "-u", "root", "-N", "-B"}, args...)...)
		cmd.Stdin = strings.NewReader(stmts)
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", stmts, err, b)
		}
		return string(b)
	}
}

// adviseLoad is mytune advise --task load's printed commands and notes
// for dump, from the profile at profilePath, for the server at sock.
func adviseLoad(t *testing.T, profilePath, dump, sock string) (cmds, notes []string) {
	t.Helper()
	r := mytune(t, runOpts{}, "advise", "--from", profilePath, "-S", sock, "-u", "root", "--dump", dump, "--task", "load", "--format", "json")
	if r.code != 0 {
		t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
	}
	var a struct {
		Threads struct{ Commands, Notes []string }
	}
	if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
		t.Fatal(err)
	}
	return a.Threads.Commands, a.Threads.Notes
}

// withSocket is a printed line with its TARGET connection replaced by
// the server at sock as root.
func withSocket(line, sock string) string {
	line = strings.Replace(line, "--host TARGET --user USER --ask-password", "--socket "+sock+" --user root", 1)
	return strings.Replace(line, "--host TARGET --user USER -p", "--socket "+sock+" --user root", 1)
}

// runPrinted runs each line through bash as a user pastes it, failing
// the test at the first that exits non-zero.
func runPrinted(t *testing.T, lines []string) {
	t.Helper()
	for _, line := range lines {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a load takes 2-3 s here
		b, err := exec.CommandContext(ctx, "bash", "-c", line).CombinedOutput()
		cancel()
		if err != nil {
			t.Fatalf("the printed line failed: %v\n%s\n%s", err, line, b)
		}
	}
}
