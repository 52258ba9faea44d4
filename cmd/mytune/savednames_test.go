package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAdviseFromSavedServerWithoutNames: a profile of an older mytune
// holds a server without backtick_names and quote_names; advise --from it
// printed the mydumper line as if the server had no such names (review
// r17). A gap must say so for a dump; lists ([] included), a load, and a
// --dump give none.
func TestAdviseFromSavedServerWithoutNames(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	old := `{"reachable": true, "flavor": "mariadb", "version": "10.11.19-MariaDB", "datadir": "/var/lib/mysql/", "variables": {"hostname": "vm"}, "source": "server"}`
	current := `{"reachable": true, "flavor": "mariadb", "version": "10.11.19-MariaDB", "datadir": "/var/lib/mysql/", "variables": {"hostname": "vm"}, "source": "server", "backtick_names": [], "quote_names": []}`
	mydumper := filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-real")
	cases := []struct {
		name, server string
		extra        []string
		gap          bool
	}{
		{"a dump from a saved server without the lists", old, []string{"--task", "dump"}, true},
		{"all tasks", old, nil, true},
		{"a saved server with the lists", current, []string{"--task", "dump"}, false},
		{"a load only", old, []string{"--task", "load"}, false},
		{"a restore of a dump read now", old, []string{"--dump", mydumper}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from := withBlock(t, filepath.Join(renderTestdata, "ssd-vm.json"), "server", c.server)
			code, out, stderr := runCmd(append([]string{"advise", "--from", from, "--format", "json"}, c.extra...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var adv struct {
				Profile profile.Profile `json:"profile"`
			}
			if err := json.Unmarshal([]byte(out), &adv); err != nil {
				t.Fatal(err)
			}
			var found string
			for _, g := range adv.Profile.Gaps {
				if g.Probe == "server.backtick_names" {
					found = g.Reason
				}
			}
			if (found != "") != c.gap || (c.gap && !strings.Contains(found, "give the server's flags with --from to read it again")) {
				t.Errorf("gap %q, want one: %v", found, c.gap)
			}
		})
	}
}
