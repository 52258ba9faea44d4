package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestCalibrateUnusedFlags: flags calibrate does not read for the run
// chosen are named in a warning (review r8: calibrate --dump DIR
// --batch-rows 5 and calibrate --rounds 4 without --dump exited 0 without
// a word, the help saying only that they "do not apply").
func TestCalibrateUnusedFlags(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		withDump bool
		want     string // "" for no warning
	}{
		{"--dump with --batch-rows", []string{"--batch-rows", "5"}, true, "--dump loads the dump's own rows and makes no prediction: --batch-rows not used"},
		{"--dump with --from and --no-predict", []string{"--from", "p.json", "--no-predict"}, true, "--from, --no-predict not used"},
		{"--dump with --rounds", []string{"--rounds", "2"}, true, ""},
		{"no --dump with --rounds", []string{"--rounds", "4"}, false, "without --dump there is no dump to load in rounds: --rounds not used"},
		{"no --dump with --batch-rows", []string{"--batch-rows", "50"}, false, ""},
		{"defaults", nil, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := pflag.NewFlagSet("calibrate", pflag.ContinueOnError)
			fs.Int("rounds", 3, "")
			fs.Int("batch-rows", 100, "")
			fs.String("from", "", "")
			fs.Bool("no-predict", false, "")
			fs.String("probe-duration", "5s", "")
			if err := fs.Parse(c.args); err != nil {
				t.Fatal(err)
			}
			var w bytes.Buffer
			warnCalibrateUnused(&w, fs, c.withDump)
			got := w.String()
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) || (got != "" && !strings.HasPrefix(got, "mytune: warning: ")) {
				t.Errorf("warning %q, want one containing %q", got, c.want)
			}
		})
	}
}
