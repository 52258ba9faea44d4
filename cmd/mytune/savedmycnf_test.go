package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAdviseFromSavedMyCnfWithoutWarnings: a profile of an older mytune
// holds my.cnf facts without warnings; advise --from it reported no line
// the server refuses, without a word (review r17). A gap must say so and
// what to do; warnings ([] included), no my.cnf, and --mycnf read now give
// none.
func TestAdviseFromSavedMyCnfWithoutWarnings(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	old := `{"path": "/etc/mysql/my.cnf", "files": ["/etc/mysql/my.cnf"], "groups": ["mysqld"], "variables": {"bogus_option_xyz": "1"}}`
	current := `{"path": "/etc/mysql/my.cnf", "files": ["/etc/mysql/my.cnf"], "groups": ["mysqld"], "variables": {}, "warnings": []}`
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\nmax_connections = 200\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, mycnf string
		extra       []string
		gap         bool
	}{
		{"saved my.cnf facts without warnings", old, nil, true},
		{"saved my.cnf facts with warnings", current, nil, false},
		{"no my.cnf", "", nil, false},
		{"the old facts replaced by --mycnf", old, []string{"--mycnf", cnf}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			from := withBlock(t, filepath.Join(renderTestdata, "ssd-vm.json"), "mycnf", c.mycnf)
			args := append([]string{"advise", "--from", from, "--no-server", "--target", "mariadb-10.11", "--format", "json"}, c.extra...)
			code, out, stderr := runCmd(args...)
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
				if g.Probe == "mycnf.warnings" {
					found = g.Reason
				}
			}
			if (found != "") != c.gap || (c.gap && !strings.Contains(found, "give --mycnf /etc/mysql/my.cnf to read it again")) {
				t.Errorf("gap %q, want one: %v", found, c.gap)
			}
		})
	}
}
