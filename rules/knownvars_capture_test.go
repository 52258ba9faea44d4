package rules

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestKnownVarsAgainstCaptures: a variable mytune may write into a my.cnf
// for a server (Accepts) is in that server's captured SHOW VARIABLES, as a
// name the server does not know stops it at its next start (review r13:
// MySQL 9.7.1's capture has no innodb_log_file_size, which knownVars
// accepted for every MySQL from 5.0). The other way (the server has a
// variable mytune never writes for it: innodb_flush_method on MariaDB 11,
// deprecated there) is a choice, not checked. Captures:
// probe/server/testdata/variables (SOURCES.md).
func TestKnownVarsAgainstCaptures(t *testing.T) {
	cases := []struct {
		file, flavor, version string
	}{
		{"mysql-8.4.8.txt", profile.FlavorMySQL, "8.4.8"},
		{"mysql-9.7.0-er2.txt", profile.FlavorMySQL, "9.7.0"},
		{"mysql-9.7.1.txt", profile.FlavorMySQL, "9.7.1"},
		{"mysql-26.7.0.txt", profile.FlavorMySQL, "26.7.0"},
		{"percona-server-8.0.32-24.txt", profile.FlavorPercona, "8.0.32"},
		{"percona-server-8.4.5-5.txt", profile.FlavorPercona, "8.4.5"},
		{"mariadb-10.11.19-debian12.txt", profile.FlavorMariaDB, "10.11.19"},
		{"mariadb-11.8.6.txt", profile.FlavorMariaDB, "11.8.6"},
		{"mariadb-12.2.2.txt", profile.FlavorMariaDB, "12.2.2"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			have := captureNames(t, c.file)
			v, _ := profile.ParseVersion(c.version)
			var wrong []string
			for name := range knownVars {
				if Accepts(c.flavor, v, name) && !have[name] {
					wrong = append(wrong, name)
				}
			}
			sort.Strings(wrong)
			for _, name := range wrong {
				t.Errorf("%s: mytune may write it for %s %s, whose captured SHOW VARIABLES lack it", name, c.flavor, c.version)
			}
		})
	}
}

// captureNames reads the variable names of a captured SHOW VARIABLES.
func captureNames(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "probe", "server", "testdata", "variables", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		name, _, _ := strings.Cut(sc.Text(), "\t")
		out[strings.TrimSpace(name)] = true
	}
	return out
}
