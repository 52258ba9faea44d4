package mycnf

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// variableNames reads the names of a captured SHOW VARIABLES (tab
// separated; probe/server/testdata/SOURCES.md gives its provenance).
func variableNames(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "server", "testdata", "variables", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, _, _ := strings.Cut(sc.Text(), "\t")
		out[strings.TrimSpace(name)] = true
	}
	return out
}

// TestRemovedIn80AbsentFromCaptures: every name the warning calls removed
// is absent from MySQL 8.0's and 8.4's captured SHOW VARIABLES and from
// the MySQL 8.4 option table, and most were there in 5.5.
func TestRemovedIn80AbsentFromCaptures(t *testing.T) {
	my80, my84 := variableNames(t, "percona-server-8.0.32-24.txt"), variableNames(t, "mysql-8.4.8.txt")
	my55 := variableNames(t, "mysql-5.5.21.txt")
	in55 := 0
	for name := range removedIn80 {
		if my80[name] || my84[name] || optionKind(flavorMySQL, name) != "" {
			t.Errorf("%s is still in MySQL 8.0/8.4: not removed", name)
		}
		if my55[name] {
			in55++
		}
	}
	if in55 < len(removedIn80)*2/3 {
		t.Errorf("only %d of %d names were in MySQL 5.5: the list is not of removed options", in55, len(removedIn80))
	}
}

// TestRemovedIn80Warnings: a MySQL 8.0+ target whose my.cnf sets an option
// 8.0 removed gets a refusing warning; 5.7 and MariaDB do not.
func TestRemovedIn80Warnings(t *testing.T) {
	checkRemovedWarnings(t, "8.0", []removedCase{
		{"query cache on 8.0", "[mysqld]\nquery_cache_size = 64M\n", profile.FlavorMySQL, "8.0.36", "no query cache", true},
		{"query cache on 8.4", "[mysqld]\nquery-cache-type = 1\n", profile.FlavorMySQL, "8.4.0", "no query cache", true},
		{"tx_isolation on 9.4", "[mysqld]\ntx_isolation = READ-COMMITTED\n", profile.FlavorMySQL, "9.4", "transaction_isolation", true},
		{"file format on percona 8.0", "[mysqld]\ninnodb_file_format = Barracuda\n", profile.FlavorPercona, "8.0.32", "Barracuda", true},
		{"log_warnings, version unknown", "[mysqld]\nlog_warnings = 2\n", profile.FlavorMySQL, "", "log_error_verbosity", true},
		{"loose is only skipped", "[mysqld]\nloose-innodb_large_prefix = 1\n", profile.FlavorMySQL, "8.0.36", "skips it", false},
		{"5.7 still has it", "[mysqld]\nquery_cache_size = 64M\n", profile.FlavorMySQL, "5.7.44", "", false},
		{"mariadb has it", "[mysqld]\nquery_cache_size = 64M\n", profile.FlavorMariaDB, "10.11.6", "", false},
		{"kept option", "[mysqld]\ntransaction_isolation = READ-COMMITTED\n", profile.FlavorMySQL, "8.0.36", "", false},
	})
}

// readCnfText reads text as a my.cnf file.
func readCnfText(t *testing.T, text string) *profile.MyCnf {
	t.Helper()
	path := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	mc, err := ReadMyCnf(path)
	if err != nil {
		t.Fatal(err)
	}
	return mc
}

// removedCase is a my.cnf text, the target it is read for, and the
// warning it must get: want "" for none.
type removedCase struct {
	name, text, flavor, version string
	want                        string // "" = no warning for it
	refuses                     bool
}

// checkRemovedWarnings reads each case's my.cnf and checks the warning
// whose text says "MySQL SERIES and later" for its target.
func checkRemovedWarnings(t *testing.T, series string, cases []removedCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mc := readCnfText(t, c.text)
			var got *profile.MyCnfWarning
			for i, w := range mc.Warnings {
				if strings.Contains(w.Text, "MySQL "+series+" and later") && w.AppliesTo(c.flavor, c.version) {
					got = &mc.Warnings[i]
				}
			}
			switch {
			case c.want == "" && got != nil:
				t.Errorf("unexpected warning %q", got.Text)
			case c.want != "" && got == nil:
				t.Fatalf("no warning; all: %+v", mc.Warnings)
			case got != nil && (!strings.Contains(got.Text, c.want) || got.Refuses != c.refuses):
				t.Errorf("warning %+v: want text with %q, refuses=%v", *got, c.want, c.refuses)
			}
		})
	}
}
