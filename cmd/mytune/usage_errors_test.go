package main

import (
	"strings"
	"testing"
)

// TestUsageErrorsSayWhatToDo: the errors cobra makes on its own (a word
// after a command that takes none, an unknown flag, help for an unknown
// command) are usage errors (exit 2) that name the way out, as the README's
// Exit codes section promises; cobra's "Unknown help topic" exited 0.
func TestUsageErrorsSayWhatToDo(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	dir := t.TempDir()
	cases := []struct {
		name     string
		args     []string
		wantCode int
		want     string
		notWant  string
	}{
		{"a directory without --datadir", []string{"probe", dir}, 2, "give --datadir " + dir, "unknown command"},
		{"a word that is no directory", []string{"advise", "nodir"}, 2, "`mytune advise --help` lists its flags", "--datadir nodir"},
		{"a password after -p and a space", []string{"advise", "-u", "u1", "-p", "secret"}, 2, "-pSECRET", "unknown command"},
		{"a password after -p and a space is not shown", []string{"advise", "-u", "u1", "-p", "Sekr3t-word"}, 2, "not shown: it may be the password", "Sekr3t-word"},
		{"a stray word after a whole -pSECRET is shown", []string{"probe", "-pSekr3t", "nodir"}, 2, `got "nodir"`, "Sekr3t"},
		{"a word after version", []string{"version", "x"}, 2, "version takes no arguments", "mytune: mytune"},
		{"a misspelt flag gets the nearest", []string{"advise", "--datdir", dir}, 2, "did you mean --datadir?", ""},
		{"a misspelt flag with its value", []string{"probe", "--max-byte=1G"}, 2, "did you mean --max-bytes?", ""},
		{"a flag nothing is near", []string{"compare", "--bogus"}, 2, "`mytune compare --help` lists its flags", "did you mean"},
		{"a long flag with one dash", []string{"probe", "-datadir", dir}, 2, "did you mean --datadir?", ""},
		{"an unknown shorthand", []string{"advise", "-x"}, 2, "`mytune advise --help`", ""},
		{"a bad value keeps its own words", []string{"advise", "--port", "abc"}, 2, "want a number", "--help"},
		{"an unknown command", []string{"helpp"}, 2, "`mytune --help` lists the commands", ""},
		{"a misspelt command keeps cobra's suggestion", []string{"advize"}, 2, "Did you mean this?", "lists the commands"},
		{"help for an unknown command", []string{"help", "nope"}, 2, `no command "nope"`, "Unknown help topic"},
		{"--prom-label without --format prom", []string{"probe", "--datadir", dir, "--no-measure", "--prom-label", "datadir=a"}, 2, "add --format prom", ""},
		{"--prom-label on a label mytune uses", []string{"probe", "--datadir", dir, "--no-measure", "--format", "prom", "--prom-label", "path=a"}, 2, "choose another name", ""},
		{"help for a command", []string{"help", "advise"}, 0, "", ""},
		{"help for a subcommand", []string{"help", "rules", "explain"}, 0, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(c.args...)
			if code != c.wantCode {
				t.Fatalf("exit %d, want %d; stderr %q", code, c.wantCode, stderr)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("stderr %q lacks %q", stderr, c.want)
			}
			if c.notWant != "" && strings.Contains(stderr, c.notWant) {
				t.Errorf("stderr %q has %q", stderr, c.notWant)
			}
			if c.wantCode == 0 && !strings.Contains(stdout, "Usage:") {
				t.Errorf("help printed no usage: %q", stdout)
			}
		})
	}
}

func TestEditDistance(t *testing.T) {
	cases := []struct {
		name string
		a, b string
		want int
	}{
		{"equal", "datadir", "datadir", 0},
		{"one left out", "datdir", "datadir", 1},
		{"one changed", "max-bytez", "max-bytes", 1},
		{"empty", "", "out", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := editDistance(c.a, c.b); got != c.want {
				t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
			}
		})
	}
}

// TestHelpCompletes: the help command that replaced cobra's still
// completes command names, filtered by what was typed, nested too.
func TestHelpCompletes(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
		not  string
	}{
		{"a command", []string{"__complete", "help", "ad"}, "advise", "calibrate"},
		{"a subcommand", []string{"__complete", "help", "rules", "e"}, "explain", "list"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, _ := runCmd(c.args...)
			if code != 0 || !strings.Contains(stdout, c.want) || strings.Contains(stdout, c.not) {
				t.Errorf("exit %d, completions %q: want %q without %q", code, stdout, c.want, c.not)
			}
		})
	}
}
