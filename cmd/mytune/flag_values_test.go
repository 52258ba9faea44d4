package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/viper"
)

// TestCompleteFlagValues: the flags that take one of a few words complete to
// those words, not to file names (review r10: fish offered the directory's
// files for --task and --format).
func TestCompleteFlagValues(t *testing.T) {
	cases := []struct {
		name string
		args string
		want []string
	}{
		{"advise task", "advise --task ''", []string{"all", "dump", "load", "copy", "oltp"}},
		{"advise format", "advise --format ''", []string{"text", "json", "cnf", "markdown"}},
		{"probe format", "probe --format ''", []string{"text", "json", "prom"}},
		{"rules explain format", "rules explain --format ''", []string{"text", "json"}},
		{"completion format", "completion --format ''", []string{"text"}},
		{"advise durability", "advise --durability ''", []string{"strict", "relaxed"}},
		{"rules explain durability", "rules explain --durability ''", []string{"strict", "relaxed"}},
		{"advise ssl-mode", "advise --ssl-mode ''", []string{"DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"__complete"}, strings.Fields(strings.ReplaceAll(c.args, "''", ""))...)
			args = append(args, "")
			var out, errb bytes.Buffer
			if code := run(args, strings.NewReader(""), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			directive := lines[len(lines)-1]
			got := lines[:len(lines)-1]
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("mytune %s offered %q, want %q", c.args, got, c.want)
			}
			if directive != ":4" { // cobra.ShellCompDirectiveNoFileComp
				t.Errorf("directive %s, want :4 (no file names)", directive)
			}
		})
	}
}

// TestCommandFormatsCoverCommands: every command that checks --format has its
// list, so completion and the refusal agree.
func TestCommandFormatsCoverCommands(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, v: viper.New()}
	root := a.rootCmd()
	for _, c := range root.Commands() {
		for _, sub := range append(c.Commands(), c) {
			if !sub.Runnable() || sub.HasSubCommands() || sub.Hidden || sub.Name() == "help" || sub.Name() == "man" {
				continue
			}
			if _, ok := commandFormats[commandPath(sub)]; !ok {
				t.Errorf("command %q has no --format list in commandFormats", commandPath(sub))
			}
		}
	}
}
