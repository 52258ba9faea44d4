//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAdviseCompareRulesBadInput covers the bad input of the other commands.
func TestAdviseCompareRulesBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	malformed := write("malformed.json", `{"schema":"mytune.profile/v1","storage":{`)
	foreign := write("foreign.json", `{"schema":"kube-bench/v2","controls":[]}`)
	badRules := filepath.Join(dir, "rules")
	if err := os.Mkdir(badRules, 0o755); err != nil {
		t.Fatal(err)
	}
	write("rules/broken.yaml", "rules:\n  - id: my.broken\n    severity: warn\n    category: io\n    when: 'Storage.NoSuchField > 3'\n    summary: x\n    detail: y\n")
	cases := []struct {
		name    string
		args    []string
		code    int
		wantSub string
	}{
		{"malformed profile", []string{"advise", "--from", malformed}, 2, "malformed.json"},
		{"foreign profile", []string{"advise", "--from", foreign}, 2, "not a mytune profile"},
		{"missing profile", []string{"advise", "--from", filepath.Join(dir, "none.json")}, 2, "none.json"},
		{"compare missing files", []string{"compare", filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")}, 2, "a.json"},
		{"compare one file", []string{"compare", foreign}, 2, "2 to"},
		{"unknown rule id", []string{"rules", "explain", "no.such.rule"}, 2, "no rule"},
		{"broken user rule", []string{"rules", "list", "--rules", badRules}, 2, "my.broken"},
		{"missing rules dir", []string{"rules", "list", "--rules", filepath.Join(dir, "nope")}, 2, "not a directory"},
		{"bad durability", []string{"advise", "--datadir", dir, "--no-measure", "--no-server", "--durability", "yolo"}, 2, "durability"},
		{"bad task", []string{"advise", "--datadir", dir, "--no-measure", "--no-server", "--task", "everything"}, 2, "task"},
		{"bad target", []string{"advise", "--datadir", dir, "--no-measure", "--no-server", "--target", "oracle-23"}, 2, "oracle"},
		{"not a dump", []string{"advise", "--datadir", dir, "--no-measure", "--no-server", "--dump", dir}, 2, "dump"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := listing(t, dir)
			r := mytune(t, runOpts{}, c.args...)
			assertCleanError(t, r, c.code, c.wantSub)
			if after := listing(t, dir); after != before {
				t.Errorf("directory changed: %q -> %q", before, after)
			}
		})
	}
}
