//go:build unix

package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMyCnfTheServerRefuses: a my.cnf the server will not start with (an
// option before any [group], an option the target does not know) is the
// first thing the report says — crit findings at the top of the text, the
// JSON and the cnf, each with its line and fix — and the fragment mytune
// writes says that it does not repair the file (issue 20), while staying a
// file the installed mariadbd starts with.
func TestMyCnfTheServerRefuses(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, file string
		lines      []string // file:line each finding names, in order
	}{
		{"a file the server starts with", "[client]\nport = 3306\n", nil},
		{"headerless", "innodb_buffer_pool_size = 1G\n[mysqld]\nmax_connections = 100\n", []string{"headerless.cnf:1"}},
		{"unknown for MariaDB 10.11", "[mysqld]\nmax_connections = 100\ninnodb_redo_log_capacity = 1G\n", []string{"unknown-for-mariadb-10.11.cnf:3"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(strings.ToLower(c.name), " ", "-")+".cnf")
			if err := os.WriteFile(path, []byte(c.file), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"advise", "--datadir", dir, "--no-measure", "--no-server", "--mycnf", path, "--target", "mariadb-10.11"}
			r := mytune(t, runOpts{}, append(args, "--format", "json")...)
			if r.code != 0 {
				t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
			}
			var a struct {
				Findings []struct{ ID, Severity, Summary, Detail string }
				Cnf      string
				Notes    []string
			}
			if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
				t.Fatal(err)
			}
			for i, where := range c.lines {
				if i >= len(a.Findings) || a.Findings[i].ID != "mycnf.server_refuses" || a.Findings[i].Severity != "crit" ||
					!strings.HasSuffix(a.Findings[i].Summary, where) || !strings.Contains(a.Findings[i].Detail, "does not repair it") {
					t.Fatalf("finding %d is not the refusal of %s: %+v", i, where, a.Findings)
				}
				if !strings.Contains(a.Cnf, "# WARNING: the my.cnf read has") || !strings.Contains(a.Cnf, where) {
					t.Errorf("the cnf does not say it leaves %s unrepaired:\n%s", where, a.Cnf)
				}
			}
			for _, n := range a.Notes {
				if strings.Contains(n, "will not start") {
					t.Errorf("a refusal is still a note at the bottom: %q", n)
				}
			}
			if len(c.lines) == 0 && (strings.Contains(a.Cnf, "WARNING") || len(a.Findings) > 0 && a.Findings[0].ID == "mycnf.server_refuses") {
				t.Errorf("a file the server starts with got a refusal: %+v\n%s", a.Findings, a.Cnf)
			}
			text := mytune(t, runOpts{}, args...)
			if i := strings.Index(text.stdout, "FINDINGS"); len(c.lines) > 0 && (i < 0 || !strings.Contains(text.stdout[i:i+200], "will not start with this my.cnf")) {
				t.Errorf("the text report does not open its findings with the refusal:\n%s", text.stdout)
			}
			startsWith(t, filepath.Join(dir, "advised.cnf"), a.Cnf)
		})
	}
}

// startsWith checks that the installed mariadbd reads cnf (as --defaults-file)
// without refusing it; skipped where mariadbd is not installed.
func startsWith(t *testing.T, path, cnf string) {
	t.Helper()
	mariadbd, err := exec.LookPath("/usr/sbin/mariadbd")
	if err != nil {
		return
	}
	if err := os.WriteFile(path, []byte(cnf), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(mariadbd, "--defaults-file="+path, "--user=root", "--verbose", "--help").CombinedOutput(); err != nil {
		t.Errorf("mariadbd refused the printed cnf: %v\n%s", err, lastLines(string(out), 5))
	}
}
