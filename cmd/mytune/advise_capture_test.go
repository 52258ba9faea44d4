package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// captureTestdata holds real SHOW GLOBAL VARIABLES/STATUS captures (their
// provenance is in probe/server/testdata/SOURCES.md).
var captureTestdata = filepath.Join("..", "..", "probe", "server", "testdata")

// capturedAdvice is the part of advise's JSON output that
// TestAdviseFromCapturedVariables checks: the target, the notes and the
// server read from the captures.
type capturedAdvice struct {
	Target  struct{ Flavor, Version, Reason string }
	Notes   []string
	Profile struct {
		Server struct {
			Source      string   `json:"source"`
			Captured    []string `json:"captured"`
			TablesError string   `json:"tables_error"`
			Version     string   `json:"version"`
		} `json:"server"`
	} `json:"profile"`
}

func TestAdviseFromCapturedVariables(t *testing.T) {
	vars := filepath.Join(captureTestdata, "variables", "mysql-8.4.8.txt")
	status := filepath.Join(captureTestdata, "status", "mysql-8.4.8.txt")
	dir := t.TempDir()
	here, gone := withDatadir(t, vars, dir), withDatadir(t, vars, filepath.Join(dir, "gone"))
	cases := []struct {
		name     string
		args     []string
		wantCode int
		wantText string // in stdout (exit 0) or stderr
	}{
		{"variables and status", []string{"--variables", vars, "--status", status, "--datadir", dir}, 0, ""},
		{"variables, --target disagreeing", []string{"--variables", vars, "--datadir", dir, "--target", "mariadb-10.11"}, 0,
			"--target mariadb-10.11 ignored: the captured SHOW VARIABLES"},
		{"status alone", []string{"--status", status, "--datadir", dir}, 2, "--status needs --variables"},
		{"a live server named too", []string{"--variables", vars, "-h", "127.0.0.1", "--datadir", dir}, 2, "give one or the other"},
		{"files swapped", []string{"--variables", status, "--status", vars, "--datadir", dir}, 2, "holds no version variable"},
		{"captured datadir here", []string{"--variables", here}, 0, ""},
		{"captured datadir not here", []string{"--variables", gone}, 2, "the captured server's datadir " + dir + "/gone is not on this machine"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"advise", "--no-measure", "--format", "json"}, c.args...)
			code, out, errOut := runCmd(args...)
			if code != c.wantCode {
				t.Fatalf("exit %d, want %d\n%s", code, c.wantCode, errOut)
			}
			if c.wantCode != 0 {
				if !strings.Contains(errOut, c.wantText) {
					t.Errorf("stderr %q, want %q", errOut, c.wantText)
				}
				return
			}
			var adv capturedAdvice
			if err := json.Unmarshal([]byte(out), &adv); err != nil {
				t.Fatal(err)
			}
			s := adv.Profile.Server
			if s.Source != "capture" || s.Version != "8.4.8" || s.TablesError == "" || len(s.Captured) == 0 {
				t.Errorf("server %+v", s)
			}
			if adv.Target.Flavor != "mysql" || adv.Target.Version != "8.4.8" || !strings.Contains(adv.Target.Reason, "the captured SHOW VARIABLES") {
				t.Errorf("target %+v", adv.Target)
			}
			if c.wantText != "" && !strings.Contains(strings.Join(adv.Notes, "\n"), c.wantText) {
				t.Errorf("notes %q, want %q", adv.Notes, c.wantText)
			}
		})
	}
}

// withDatadir writes a copy of the capture vars whose datadir line says dir.
func withDatadir(t *testing.T, vars, dir string) string {
	t.Helper()
	b, err := os.ReadFile(vars)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^datadir\t.*$`)
	if !re.Match(b) {
		t.Fatalf("%s has no datadir line", vars)
	}
	out := filepath.Join(t.TempDir(), "vars.txt")
	if err := os.WriteFile(out, re.ReplaceAll(b, []byte("datadir\t"+dir)), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestThresholdsNotAMapping: a thresholds: section that is a list or a
// single value is refused (exit 2), never dropped (QA: it was ignored,
// exit 0, where a misspelled key is refused).
func TestThresholdsNotAMapping(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, yaml, want string }{
		{"a list", "thresholds:\n  - io_capacity_fraction: 0.25\n", "is a list, not a mapping"},
		{"a single value", "thresholds: 5\n", "is a single value, not a mapping"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := filepath.Join(dir, c.name+".yaml")
			if err := os.WriteFile(cfg, []byte(c.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"advise", "--no-server", "--no-measure", "--datadir", dir}, {"rules", "explain", "io.capacity"}} {
				code, _, errOut := runCmd(append(args, "--config", cfg)...)
				if code != 2 || !strings.Contains(errOut, c.want) {
					t.Errorf("%v: exit %d, stderr %q; want 2 and %q", args, code, errOut, c.want)
				}
			}
		})
	}
}
