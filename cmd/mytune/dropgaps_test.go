package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSavedGapsAcrossAdvice: an advice saved from an old profile writes
// its lists [] (installed_servers, table_models, warnings), so advise
// --from that advice lost what the first run said: the target's reason
// turned back to "no server installed here" (review r17). The gaps stay
// in the saved advice and are said again; facts read again now (--dump,
// --mycnf) take theirs out.
func TestSavedGapsAcrossAdvice(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	base := filepath.Join(renderTestdata, "ssd-vm.json")
	oldDump := withBlock(t, base, "dump", `{"path": "/backup/shop", "format": "mydumper", "total_bytes": 9756945, "file_bytes": 9756945, "tables": 2, "chunks": 2}`)
	oldCnf := withBlock(t, base, "mycnf", `{"path": "/etc/mysql/my.cnf", "files": ["/etc/mysql/my.cnf"], "groups": ["mysqld"], "variables": {}}`)
	noInstalled := withBlock(t, withBlock(t, base, "server", ""), "installed_servers", "")
	cnf := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\nmax_connections = 200\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mydumper := filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-real")
	cases := []struct {
		name, from, gap string
		again           []string // flags of the second run that read the facts again
	}{
		{"a dump without table_models", oldDump, gapTableModels, []string{"--dump", mydumper}},
		{"a my.cnf without warnings", oldCnf, gapMyCnfWarnings, []string{"--mycnf", cnf}},
		{"a profile without installed_servers", noInstalled, profile.GapInstalledUnread, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			first := filepath.Join(t.TempDir(), "advice.json")
			gaps, reason := adviceGaps(t, "--from", c.from, "--out", first)
			second, reason2 := adviceGaps(t, "--from", first)
			if !slices.Contains(gaps, c.gap) || !slices.Contains(second, c.gap) || reason2 != reason {
				t.Errorf("gaps %q then %q, target reasons %q then %q: want %s in both and the same reason", gaps, second, reason, reason2, c.gap)
			}
			if c.again == nil {
				return
			}
			if again, _ := adviceGaps(t, append([]string{"--from", first}, c.again...)...); slices.Contains(again, c.gap) {
				t.Errorf("read again with %q, the gap %s stayed: %q", c.again, c.gap, again)
			}
		})
	}
}

// adviceGaps runs advise --format json (task load, target MariaDB 10.11)
// with args and returns its profile's gap probes and the target's reason;
// with --out among args it reads the file written.
func adviceGaps(t *testing.T, args ...string) ([]string, string) {
	t.Helper()
	code, out, stderr := runCmd(append([]string{"advise", "--task", "load", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if i := slices.Index(args, "--out"); i >= 0 {
		data, err := os.ReadFile(args[i+1])
		if err != nil {
			t.Fatal(err)
		}
		out = string(data)
	}
	var adv struct {
		Profile profile.Profile `json:"profile"`
		Target  profile.Target  `json:"target"`
	}
	if err := json.Unmarshal([]byte(out), &adv); err != nil {
		t.Fatal(err)
	}
	var probes []string
	for _, g := range adv.Profile.Gaps {
		probes = append(probes, g.Probe)
	}
	return probes, strings.TrimSpace(adv.Target.Reason)
}
