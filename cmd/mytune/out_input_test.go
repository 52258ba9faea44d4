package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutIsNotAnInput: --out naming a file the command reads is refused
// (exit 2) before anything is written (review: advise --from prof.json
// --out prof.json exited 0 and replaced the measured profile with the
// text report; compare a.json b.json --out a.json the same), through a
// symlink too; another file is written.
func TestOutIsNotAnInput(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	dir := t.TempDir()
	prof := filepath.Join(dir, "prof.json")
	if code, _, errOut := runCmd("probe", "--datadir", dir, "--no-server", "--no-measure", "--format", "json", "--out", prof); code != 0 {
		t.Fatalf("probe: exit %d: %s", code, errOut)
	}
	saved, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink("prof.json", link); err != nil {
		t.Fatal(err)
	}
	cnf := filepath.Join(dir, "my.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ndatadir=/srv/db\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "advice.txt")
	cases := []struct {
		name     string
		args     []string
		wantCode int
	}{
		{"advise --from X --out X", []string{"advise", "--from", prof, "--no-server", "--out", prof}, 2},
		{"advise --out through a symlink to --from", []string{"advise", "--from", prof, "--no-server", "--out", link}, 2},
		{"compare A B --out A", []string{"compare", prof, prof, "--out", prof}, 2},
		{"advise --mycnf X --format cnf --out X", []string{"advise", "--from", prof, "--mycnf", cnf, "--format", "cnf", "--out", cnf}, 2},
		{"advise --out another file", []string{"advise", "--from", prof, "--no-server", "--out", other}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(prof, saved, 0o644); err != nil {
				t.Fatal(err)
			}
			before, _ := os.ReadFile(prof)
			beforeCnf, _ := os.ReadFile(cnf)
			code, _, errOut := runCmd(c.args...)
			if code != c.wantCode {
				t.Fatalf("exit %d, want %d: %s", code, c.wantCode, errOut)
			}
			after, _ := os.ReadFile(prof)
			afterCnf, _ := os.ReadFile(cnf)
			if string(after) != string(before) || string(afterCnf) != string(beforeCnf) {
				t.Errorf("an input was overwritten (stderr %q)", errOut)
			}
			if c.wantCode == 2 && !strings.Contains(errOut, "is also read") {
				t.Errorf("stderr %q does not say --out is an input", errOut)
			}
		})
	}
}
