package main

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/calibrate"
)

// TestQuitMessage: a second Ctrl-C names every scratch schema calibrate
// had not dropped yet and the command that removes it, with the flags that
// reach the server the run wrote to (review r15: without them the line
// went to the default server).
func TestQuitMessage(t *testing.T) {
	cases := []struct {
		name    string
		flags   string // the run's server flags (calibrate.SetServerFlags)
		schemas []string
		left    []string
		has     []string
		not     string
	}{
		{"no calibrate schema: the test files only", "", nil, nil, []string{"stopped at once (its test files were removed)"}, "scratch schema"},
		{"the default schema", "", []string{"mytune_calibrate"}, nil,
			[]string{"the scratch schema mytune_calibrate may be left on the server: `mytune calibrate --cleanup` removes it"}, "--schema"},
		{"a schema of its own", "", []string{"mine"}, nil,
			[]string{"the scratch schema mine may be left", "`mytune calibrate --cleanup --schema mine`"}, ""},
		{"a run on another server: its flags", "-h db1 -P 3307 -u dba -p", []string{"mytune_calibrate"}, nil,
			[]string{"`mytune calibrate --cleanup -h db1 -P 3307 -u dba -p` removes it"}, ""},
		{"a test file the disk did not let go", "", nil, []string{"/d/.mytune-probe-1.tmp"},
			[]string{"its test file /d/.mytune-probe-1.tmp was not removed (the disk did not answer within 2s)"}, "were removed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			calibrate.SetServerFlags(c.flags)
			t.Cleanup(func() { calibrate.SetServerFlags("") })
			msg := quitMessage(c.schemas, c.left)
			for _, h := range c.has {
				if !strings.Contains(msg, h) {
					t.Errorf("%q lacks %q", msg, h)
				}
			}
			if c.not != "" && strings.Contains(msg, c.not) {
				t.Errorf("%q has %q", msg, c.not)
			}
		})
	}
}
