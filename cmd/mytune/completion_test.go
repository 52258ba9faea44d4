package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// completionScript runs `mytune completion SHELL` in-process.
func completionScript(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"completion"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCompletionScripts(t *testing.T) {
	cases := []struct {
		name     string
		shell    string
		wantCode int
		want     []string // substrings of stdout (or stderr on failure)
		checkCmd []string // syntax check run on the script file, if the shell is installed
	}{
		{"bash", "bash", 0, []string{"__start_mytune", "complete -o default -F __start_mytune mytune", "__complete"},
			[]string{"bash", "-n"}},
		{"zsh", "zsh", 0, []string{"#compdef mytune", "compdef _mytune mytune", "__complete"}, []string{"zsh", "-n"}},
		{"fish", "fish", 0, []string{"complete -c mytune", "__complete"}, []string{"fish", "--no-execute"}},
		{"unknown shell", "tcsh", exitUsage, []string{"bash, zsh or fish", `"tcsh"`}, nil},
		{"no shell", "", exitUsage, []string{"completion takes one shell"}, nil},
		// QA: --format bogus printed the script and exited 0
		{"format bogus", "bash --format bogus", exitUsage, []string{`--format "bogus" is not offered by completion`, "text"}, nil},
		{"format json", "zsh --format json", exitUsage, []string{`--format "json" is not offered by completion`}, nil},
		{"format text", "fish --format text", 0, []string{"complete -c mytune"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := strings.Fields(c.shell)
			code, stdout, stderr := completionScript(t, args...)
			if code != c.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.wantCode, stderr)
			}
			got := stdout
			if c.wantCode != 0 {
				got = stderr
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("output lacks %q:\n%.400s", w, got)
				}
			}
			if c.checkCmd != nil {
				syntaxCheck(t, c.checkCmd, stdout)
			}
		})
	}
}

// syntaxCheck parses script with the shell (bash -n, zsh -n, fish
// --no-execute) when that shell is installed; bash always is on Debian.
func syntaxCheck(t *testing.T, cmd []string, script string) {
	t.Helper()
	if _, err := exec.LookPath(cmd[0]); err != nil {
		if cmd[0] == "bash" {
			t.Fatalf("bash is not installed: %v", err)
		}
		t.Logf("%s not installed: syntax not checked", cmd[0])
		return
	}
	path := filepath.Join(t.TempDir(), "mytune."+cmd[0])
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(cmd[0], append(cmd[1:], path)...).CombinedOutput(); err != nil {
		t.Errorf("%s %s: %v\n%s", strings.Join(cmd, " "), path, err, out)
	}
}

func TestCompletionOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mytune.fish")
	code, stdout, stderr := completionScript(t, "fish", "--out", path)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "complete -c mytune") {
		t.Errorf("--out file is not a fish completion script:\n%.300s", data)
	}
}

// TestCompleteRequests checks what the scripts ask the binary: `mytune __complete
// WORDS…` answers one candidate per line, then ":directive".
func TestCompleteRequests(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"commands", []string{""}, []string{"probe\t", "advise\t", "compare\t", "completion\t"}},
		{"shells", []string{"completion", ""}, []string{"bash", "zsh", "fish"}},
		{"probe flags", []string{"probe", "--"}, []string{"--datadir\t", "--duration\t", "--format\t", "--no-server\t"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := run(append([]string{"__complete"}, c.args...), strings.NewReader(""), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("candidates lack %q:\n%s", w, out.String())
				}
			}
		})
	}
}

// bashCompletionShim stands in for bash-completion's _init_completion (the
// package may be absent): it fills cur, prev, words and cword from COMP_*.
const bashCompletionShim = `_init_completion() { COMPREPLY=(); words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD;
  cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; }
`

// TestBashCompletionRoundTrip sources the bash script, types a partial
// command line and reads COMPREPLY, with the real binary on PATH.
func TestBashCompletionRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary; skipped with -short")
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", filepath.Join(dir, "mytune"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	_, script, _ := completionScript(t, "bash")
	if err := os.WriteFile(filepath.Join(dir, "mytune.bash"), []byte(bashCompletionShim+script), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		words string // the command line, as a bash array body
		cword int
		want  []string
	}{
		{"command prefix", "mytune pro", 1, []string{"probe"}},
		{"all commands", "mytune ''", 1, []string{"advise", "compare", "probe", "rules"}},
		{"flag of probe", "mytune probe --dat", 2, []string{"--datadir"}},
		{"shell names", "mytune completion ''", 2, []string{"bash", "fish", "zsh"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sh := `source "$1/mytune.bash"; COMP_WORDS=(` + c.words + `); COMP_CWORD=` + strconv.Itoa(c.cword) +
				`; __start_mytune; printf '%s\n' "${COMPREPLY[@]}"`
			cmd := exec.CommandContext(ctx, "bash", "-c", sh, "bash", dir)
			cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("bash: %v\n%s", err, out)
			}
			got := strings.Fields(string(out))
			for _, w := range c.want {
				if !slices.Contains(got, w) {
					t.Errorf("COMPREPLY %q lacks %q", got, w)
				}
			}
		})
	}
}
