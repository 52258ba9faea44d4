package advisor

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/rules"
)

// mariadbdPath is the Debian 12 location of the MariaDB server binary.
const mariadbdPath = "/usr/sbin/mariadbd"

// TestCnfAcceptedByMariadbd feeds the cnf of every MariaDB scenario to a real
// mariadbd (--verbose --help parses the options and exits) and checks that
// it accepts each line and keeps each value as written. Skipped when
// mariadbd is missing, unless MYTUNE_REQUIRE_MARIADB=1.
func TestCnfAcceptedByMariadbd(t *testing.T) {
	if _, err := os.Stat(mariadbdPath); err != nil {
		if os.Getenv("MYTUNE_REQUIRE_MARIADB") == "1" {
			t.Fatalf("MYTUNE_REQUIRE_MARIADB=1 but %s is missing: %v", mariadbdPath, err)
		}
		t.Skipf("%s not installed", mariadbdPath)
	}
	for _, s := range scenarios {
		a := advise(t, s)
		if a.Target.Flavor != "mariadb" {
			continue
		}
		t.Run(s.goldenName(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "my.cnf")
			if err := os.WriteFile(path, []byte(a.Cnf), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(mariadbdPath, "--defaults-file="+path, "--user=root", "--verbose", "--help")
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil || strings.Contains(stderr.String(), "[ERROR]") {
				t.Fatalf("mariadbd rejected the cnf: %v\n%s\ncnf:\n%s", err, stderr.String(), a.Cnf)
			}
			effective := helpValues(string(out))
			for name, want := range cnfSettings(a.Cnf) {
				got, ok := effective[strings.ReplaceAll(name, "_", "-")]
				if !ok {
					t.Errorf("%s: not in mariadbd --help output", name)
					continue
				}
				if !rules.SameValue(name, normBool(want), normBool(got)) {
					t.Errorf("%s = %s in the cnf, mariadbd made it %s", name, want, got)
				}
			}
		})
	}
}

// cnfSettings reads "name = value" lines of a cnf.
func cnfSettings(cnf string) map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(cnf, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			m[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return m
}

// helpValues reads the "name  value" table at the end of --verbose --help.
func helpValues(out string) map[string]string {
	m := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 {
			m[f[0]] = f[1]
		}
	}
	return m
}

// normBool maps mariadbd's TRUE/FALSE to ON/OFF.
func normBool(s string) string {
	switch strings.ToUpper(s) {
	case "TRUE":
		return "ON"
	case "FALSE":
		return "OFF"
	}
	return s
}
