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

// TestOutIsNotAnotherInput: --out onto the other files advise and
// calibrate read, or into a directory they read whole, is refused (exit
// 2) and leaves the input as it was (review r8: advise --from P --dump
// shop.sql --out shop.sql exited 0 and replaced a 13 MB mysqldump backup
// with the 16 kB report; --variables v.txt --out v.txt the capture).
func TestOutIsNotAnotherInput(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	dir := t.TempDir()
	prof := filepath.Join(dir, "prof.json")
	if code, _, errOut := runCmd("probe", "--datadir", dir, "--no-server", "--no-measure", "--format", "json", "--out", prof); code != 0 {
		t.Fatalf("probe: exit %d: %s", code, errOut)
	}
	vars, status, sqlFile, mydumper, rules := outInputFixtures(t, dir)
	base := []string{"advise", "--from", prof, "--no-server"}
	cases := []struct {
		name, out string
		args      []string
		wantCode  int
	}{
		{"--dump FILE --out FILE", sqlFile, []string{"--dump", sqlFile}, 2},
		{"--variables X --out X", vars, []string{"--variables", vars}, 2},
		{"--status X --out X", status, []string{"--variables", vars, "--status", status}, 2},
		{"--dump DIR --out DIR/report.sql", filepath.Join(mydumper, "report.sql"), []string{"--dump", mydumper}, 2},
		{"--rules DIR --out DIR/x.yaml", filepath.Join(rules, "x.yaml"), []string{"--rules", rules}, 2},
		{"--dump DIR --out another dir", filepath.Join(dir, "advice.txt"), []string{"--dump", mydumper}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, _ := os.ReadFile(c.out)
			args := append(append(append([]string{}, base...), c.args...), "--out", c.out)
			if c.args[0] == "--variables" {
				args = append([]string{"advise", "--from", prof}, append(c.args, "--out", c.out)...)
			}
			code, _, errOut := runCmd(args...)
			if code != c.wantCode {
				t.Fatalf("exit %d, want %d: %s", code, c.wantCode, errOut)
			}
			after, err := os.ReadFile(c.out)
			if c.wantCode == 2 && (string(after) != string(before) || (before == nil && err == nil)) {
				t.Errorf("an input was overwritten or a file added to it (stderr %q)", errOut)
			}
			if c.wantCode == 2 && !strings.Contains(errOut, "--out") {
				t.Errorf("stderr %q does not say what is wrong with --out", errOut)
			}
		})
	}
}

// outInputFixtures writes the inputs TestOutIsNotAnotherInput points --out
// at: a SHOW VARIABLES and a SHOW STATUS capture, a mysqldump file, a
// mydumper directory and a rules directory.
func outInputFixtures(t *testing.T, dir string) (vars, status, sqlFile, mydumper, rules string) {
	t.Helper()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	table := "CREATE TABLE `t` (`id` int NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB;\n"
	vars = write("vars.txt", "Variable_name\tValue\nversion\t10.11.19-MariaDB\ninnodb_buffer_pool_size\t134217728\n")
	status = write("status.txt", "Variable_name\tValue\nUptime\t100\n")
	sqlFile = write("shop.sql", "-- MariaDB dump 10.19\n"+table+"INSERT INTO `t` VALUES (1),(2);\n")
	write("shop/metadata", "Started dump at: 2026-12-01 00:00:00\n")
	write("shop/db.t-schema.sql", table)
	write("shop/db.t.sql", "INSERT INTO `t` VALUES (1),(2);\n")
	write("rules/keep.txt", "")
	return vars, status, sqlFile, filepath.Join(dir, "shop"), filepath.Join(dir, "rules")
}
