package advisor

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// reader is one server that may read a cnf: the groups it reads (MySQL
// manual "Using Option Files" and sql/mysqld.cc load_default_groups;
// `mariadbd --help --verbose` prints MariaDB's) and its captured SHOW
// VARIABLES (testdata/SOURCES.md).
type reader struct {
	name, flavor, version string
	groups                []string
	capture               string
}

// readers are the servers whose captures prove each fragment's names and
// value types. MySQL 8.0 is proven on Percona Server 8.0.32 (a superset of
// MySQL 8.0.32's variables); there is no 5.7 capture, so [mysqld-5.7] is
// proven by rules.Accepts only.
var readers = []reader{
	{"MySQL 8.4", "mysql", "8.4", []string{"mysqld", "server", "mysqld-8.4"}, "testdata/mysql-8.4.8.vars.txt"},
	{"Percona Server 8.0", "mysql", "8.0", []string{"mysqld", "server", "mysqld-8.0"}, "testdata/variables/percona-server-8.0.32-24.txt"},
	{"MySQL 9.7", "mysql", "9.7", []string{"mysqld", "server", "mysqld-9.7"}, "testdata/variables/mysql-9.7.1.txt"},
	{"MariaDB 10.11", "mariadb", "10.11", mariaGroups("10.11"), "testdata/variables/mariadb-10.11.19-debian12.txt"},
	{"MariaDB 11.8", "mariadb", "11.8", mariaGroups("11.8"), "testdata/variables/mariadb-11.8.6.txt"},
	{"MariaDB 12.2", "mariadb", "12.2", mariaGroups("12.2"), "testdata/variables/mariadb-12.2.2.txt"},
}

// mariaGroups are the groups mariadbd X.Y reads.
func mariaGroups(v string) []string {
	return []string{"mysqld", "server", "mysqld-" + v, "mariadb", "mariadb-" + v, "mariadbd", "mariadbd-" + v, "client-server", "galera"}
}

// fragmentCases are every scenario of the golden tests under every way
// the target can be given: as it resolves (server, installed, my.cnf or
// unknown), and forced to each supported flavor, strict and relaxed.
func fragmentCases(t *testing.T) []struct {
	name string
	a    Advice
} {
	var out []struct {
		name string
		a    Advice
	}
	seen := map[string]bool{}
	for _, s := range scenarios {
		if seen[s.name] {
			continue
		}
		seen[s.name] = true
		for _, target := range []string{"", "mariadb-10.11", "mariadb-11.8", "mysql-8.4", "mysql-8.0", "percona-8.0.32"} {
			for _, d := range []string{DurabilityStrict, DurabilityRelaxed} {
				a, err := Advise(loadScenario(t, s.name), AdviseOptions{Target: target, Durability: d, ToolVersion: "test"})
				if err != nil {
					t.Fatalf("%s %s %s: %v", s.name, target, d, err)
				}
				out = append(out, struct {
					name string
					a    Advice
				}{s.name + "/" + orText(target, "resolved") + "/" + d, a})
			}
		}
	}
	return out
}

// TestEveryFragmentProven: every cnf the scenarios produce is read as
// each server that may read it would: the groups it reads, every name in
// its captured SHOW VARIABLES with a value of the same type (0
// MySQL-only names for MariaDB and the reverse), and for MariaDB the real
// mariadbd parses it (--verbose --help exits non-zero on an unknown
// variable) and keeps each value. Which servers may read it: the target's
// flavor, or all of them when the target is unknown.
func TestEveryFragmentProven(t *testing.T) {
	caps := map[string]map[string]string{}
	for _, r := range readers {
		caps[r.name] = loadCapture(t, r.capture)
	}
	mariadbd := mariadbdOrSkip(t)
	for _, c := range fragmentCases(t) {
		t.Run(c.name, func(t *testing.T) {
			groups := cnfGroups(c.a.Cnf)
			rs := readersFor(c.a.Target)
			if len(rs) == 0 {
				t.Fatalf("no captured server proves a cnf for %+v", c.a.Target)
			}
			for _, r := range rs {
				for name, val := range r.effective(groups) {
					checkAgainstCapture(t, r, caps[r.name], name, val)
				}
				if r.flavor == profile.FlavorMariaDB && r.version == "10.11" && mariadbd != "" {
					checkMariadbd(t, mariadbd, c.a.Cnf, r.effective(groups))
				}
			}
		})
	}
}

// TestFragmentCheckCatches: the checks above fail on the fragment that
// stopped MariaDB in issue 11 (innodb_redo_log_capacity in [mysqld]), so
// they are not vacuous.
func TestFragmentCheckCatches(t *testing.T) {
	bad := "[mysqld]\ninnodb_redo_log_capacity = 4352M\n"
	maria := readers[3]
	got := maria.effective(cnfGroups(bad))
	if _, known := loadCapture(t, maria.capture)["innodb_redo_log_capacity"]; known || got["innodb_redo_log_capacity"] == "" {
		t.Fatalf("the MariaDB capture knows innodb_redo_log_capacity or the reader missed it: %v", got)
	}
	mariadbd := mariadbdOrSkip(t)
	if mariadbd == "" {
		return
	}
	path := filepath.Join(t.TempDir(), "bad.cnf")
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := exec.Command(mariadbd, "--defaults-file="+path, "--user=root", "--verbose", "--help").Run(); err == nil {
		t.Error("mariadbd accepted innodb_redo_log_capacity: the mariadbd check proves nothing")
	}
}

// readersFor are the servers that may read a cnf made for target t: all
// of them when it is unknown, else those of its flavor and major.minor,
// else (no capture of that series, e.g. MariaDB 13.0) the nearest
// captured series of its flavor.
func readersFor(t profile.Target) []reader {
	if t.Source == profile.SourceUnknown {
		return readers
	}
	fl := t.Flavor
	if fl == profile.FlavorPercona {
		fl = profile.FlavorMySQL
	}
	tv, _ := profile.ParseVersion(t.Version)
	var exact []reader
	best, bestDist := -1, 1<<30
	for i, r := range readers {
		if r.flavor != fl {
			continue
		}
		rv, _ := profile.ParseVersion(r.version)
		if rv.Major == tv.Major && rv.Minor == tv.Minor {
			exact = append(exact, r)
		}
		if d := abs((rv.Major-tv.Major)*1000 + rv.Minor - tv.Minor); d < bestDist {
			best, bestDist = i, d
		}
	}
	if len(exact) > 0 || best < 0 {
		return exact
	}
	return []reader{readers[best]}
}

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// effective is what r reads of the cnf: its groups in file order, the
// last value of a name winning.
func (r reader) effective(groups []cnfGroup) map[string]string {
	out := map[string]string{}
	for _, g := range groups {
		if slices.Contains(r.groups, g.name) {
			for _, kv := range g.settings {
				out[kv[0]] = kv[1]
			}
		}
	}
	return out
}

// cnfGroup is one [group] of a fragment and its name = value lines.
type cnfGroup struct {
	name     string
	settings [][2]string
}

// cnfGroups splits a fragment into its groups.
func cnfGroups(cnf string) []cnfGroup {
	var out []cnfGroup
	for _, line := range strings.Split(cnf, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			out = append(out, cnfGroup{name: strings.Trim(line, "[]")})
		default:
			k, v, _ := strings.Cut(line, "=")
			if len(out) == 0 {
				out = append(out, cnfGroup{name: "(before any group)"})
			}
			last := &out[len(out)-1]
			last.settings = append(last.settings, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
		}
	}
	return out
}

// checkAgainstCapture: the name is one r has, and the value is of the
// type r's own value is (a number for a number, ON/OFF for a switch).
func checkAgainstCapture(t *testing.T, r reader, capture map[string]string, name, val string) {
	t.Helper()
	capVal, ok := capture[strings.ReplaceAll(name, "-", "_")]
	if !ok {
		t.Errorf("%s reads %s = %s but has no such variable", r.name, name, val)
		return
	}
	if _, err := strconv.ParseUint(capVal, 10, 64); err == nil {
		if rules.VariableKind(name) == rules.KindInt {
			_, err = strconv.Atoi(val)
		} else {
			_, err = profile.ParseSize(val)
		}
		if err != nil {
			t.Errorf("%s: %s = %s, but %s holds a number (%s)", r.name, name, val, name, capVal)
		}
		return
	}
	if up := strings.ToUpper(capVal); up == "ON" || up == "OFF" {
		if _, err := profile.ParseBool(val); err != nil && rules.VariableKind(name) == rules.KindBool {
			t.Errorf("%s: %s = %s, but it is a switch (%s)", r.name, name, val, capVal)
		}
		return
	}
	if val == "" || strings.ContainsAny(val, " \t") {
		t.Errorf("%s: %s = %q is not a single word like %q", r.name, name, val, capVal)
	}
}

// checkMariadbd has the real mariadbd parse the cnf and compares the
// values it took with what the cnf says (want: what 10.11 reads of it).
func checkMariadbd(t *testing.T, mariadbd, cnf string, want map[string]string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "my.cnf")
	if err := os.WriteFile(path, []byte(cnf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(mariadbd, "--defaults-file="+path, "--user=root", "--verbose", "--help")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || strings.Contains(stderr.String(), "[ERROR]") {
		t.Fatalf("mariadbd rejected the cnf: %v\n%s\ncnf:\n%s", err, stderr.String(), cnf)
	}
	effective := helpValues(string(out))
	for name, val := range want {
		got, ok := effective[strings.ReplaceAll(name, "_", "-")]
		if !ok {
			t.Errorf("%s: not in mariadbd --help output", name)
			continue
		}
		if !rules.SameValue(name, normBool(val), normBool(got)) {
			t.Errorf("%s = %s in the cnf, mariadbd made it %s", name, val, got)
		}
	}
}

// loadCapture reads a tab-separated SHOW VARIABLES capture.
func loadCapture(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "\t")
		if ok {
			m[strings.ToLower(strings.TrimSpace(k))] = strings.TrimSpace(v)
		}
	}
	if len(m) < 300 {
		t.Fatalf("%s: only %d variables read", path, len(m))
	}
	return m
}

// mariadbdOrSkip is the mariadbd to run, or "" (the capture checks still
// run) when it is missing and MYTUNE_REQUIRE_MARIADB is not 1.
func mariadbdOrSkip(t *testing.T) string {
	if _, err := os.Stat(mariadbdPath); err != nil {
		if os.Getenv("MYTUNE_REQUIRE_MARIADB") == "1" {
			t.Fatalf("MYTUNE_REQUIRE_MARIADB=1 but %s is missing: %v", mariadbdPath, err)
		}
		t.Logf("%s not installed: only the captures prove the fragments", mariadbdPath)
		return ""
	}
	return mariadbdPath
}

// orText is s, or alt when s is empty.
func orText(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
