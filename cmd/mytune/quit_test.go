package main

import (
	"strings"
	"testing"
)

// TestQuitMessage: a second Ctrl-C names every scratch schema calibrate
// had not dropped yet and the command that removes it.
func TestQuitMessage(t *testing.T) {
	cases := []struct {
		name    string
		schemas []string
		left    []string
		has     []string
		not     string
	}{
		{"no calibrate schema: the test files only", nil, nil, []string{"stopped at once (its test files were removed)"}, "scratch schema"},
		{"the default schema", []string{"mytune_calibrate"}, nil,
			[]string{"the scratch schema mytune_calibrate may be left on the server: `mytune calibrate --cleanup` removes it"}, "--schema"},
		{"a schema of its own", []string{"mine"}, nil,
			[]string{"the scratch schema mine may be left", "`mytune calibrate --cleanup --schema mine`"}, ""},
		{"a test file the disk did not let go", nil, []string{"/d/.mytune-probe-1.tmp"},
			[]string{"its test file /d/.mytune-probe-1.tmp was not removed (the disk did not answer within 2s)"}, "were removed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
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
