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

// TestAdviseTargetAsAUserSeesIt: without a server or --target, advise
// says which server it advised for and why. On this project's machines
// (Debian with mariadb-server) that is the installed mariadbd, and the cnf
// it prints starts that mariadbd (--help --verbose parses it); a saved
// profile with nothing naming the server gets "target unknown" and a cnf
// in server-specific groups; an offline my.cnf whose only hint is an
// empty [galera] group makes it MariaDB.
func TestAdviseTargetAsAUserSeesIt(t *testing.T) {
	dir := t.TempDir()
	r := mytune(t, runOpts{}, "advise", "--datadir", dir, "--no-measure", "--no-server", "--format", "json")
	if r.code != 0 {
		t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
	}
	var a struct {
		Target  struct{ Flavor, Version, Source, Reason string }
		Cnf     string
		Profile json.RawMessage
	}
	if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
		t.Fatal(err)
	}
	if a.Target.Reason == "" || a.Target.Source == "default" {
		t.Errorf("target %+v: no reason, or a silent default", a.Target)
	}
	if mariadbd, err := exec.LookPath("/usr/sbin/mariadbd"); err == nil {
		if a.Target.Source != "installed" || a.Target.Flavor != "mariadb" || !strings.Contains(a.Target.Reason, mariadbd) {
			t.Errorf("mariadbd is installed but the target is %+v", a.Target)
		}
		cnf := filepath.Join(dir, "advised.cnf")
		if err := os.WriteFile(cnf, []byte(a.Cnf), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(mariadbd, "--defaults-file="+cnf, "--user=root", "--verbose", "--help").CombinedOutput(); err != nil {
			t.Errorf("mariadbd refused the printed cnf: %v\n%s", err, lastLines(string(out), 5))
		}
	}
	// the same profile with nothing naming the server
	var prof map[string]any
	if err := json.Unmarshal(a.Profile, &prof); err != nil {
		t.Fatal(err)
	}
	delete(prof, "installed_servers")
	bare := filepath.Join(dir, "bare.json")
	b, _ := json.Marshal(prof)
	if err := os.WriteFile(bare, b, 0o644); err != nil {
		t.Fatal(err)
	}
	r = mytune(t, runOpts{}, "advise", "--from", bare)
	if r.code != 0 || !strings.Contains(r.stdout, "target unknown") {
		t.Errorf("advise --from a profile naming no server: exit %d, no 'target unknown':\n%s%s", r.code, r.stdout, r.stderr)
	}
	galera := filepath.Join(dir, "my.cnf")
	if err := os.WriteFile(galera, []byte("[mysqld]\nmax_connections = 100\n[galera]\n# wsrep_on = ON\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = mytune(t, runOpts{}, "advise", "--from", bare, "--mycnf", galera)
	if r.code != 0 || !strings.Contains(r.stdout, "target MariaDB 10.11") || !strings.Contains(r.stdout, "[galera]") {
		t.Errorf("advise with an empty [galera] group: exit %d, not MariaDB 10.11 from [galera]:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// lastLines is the last n lines of s.
func lastLines(s string, n int) string {
	l := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}
