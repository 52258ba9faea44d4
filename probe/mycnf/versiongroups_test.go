package mycnf

import (
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

// seriesValue is the value a server of series reads for name: the
// [mysqld]-family value with the series' version groups laid over it.
func seriesValue(vars map[string]string, groups map[string]map[string]string, series, name string) string {
	v := vars[name]
	for g, opts := range groups {
		if groupSeries(g) == series {
			if x, ok := opts[name]; ok {
				v = x
			}
		}
	}
	return v
}

// TestVersionGroupFileOrder: servers read groups in file order and the
// last line wins, version groups included (testdata/qa14, values from
// mariadbd 10.11.19 --print-defaults and a start on each file).
func TestVersionGroupFileOrder(t *testing.T) {
	cases := []struct {
		name, file, variable, want string
	}{
		{"version group before [mysqld] loses", "vg.cnf", "max_connections", "200"},
		{"version group before [mysqld] loses (io)", "vg.cnf", "innodb_io_capacity", "500"},
		{"version group after [mysqld] wins", "vg4.cnf", "max_connections", "310"},
		{"later version group of the series wins", "edge2.cnf", "max_connections", "310"},
		{"only X.Y groups, last wins", "vgx.cnf", "max_connections", "402"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mc, err := ReadMyCnf(filepath.Join("testdata", "qa14", c.file))
			if err != nil {
				t.Fatal(err)
			}
			if got := seriesValue(mc.Variables, mc.VersionGroups, "10.11", c.variable); got != c.want {
				t.Errorf("mariadbd 10.11 reads %s = %q, want %q (groups %v)", c.variable, got, c.want, mc.VersionGroups)
			}
		})
	}
}

// TestGroupSeries covers the series of a version group.
func TestGroupSeries(t *testing.T) {
	for g, want := range map[string]string{"mariadb-10.11": "10.11", "mariadbd-10.11": "10.11",
		"mysqld-8.0": "8.0", "mysqld": "", "client-server": ""} {
		if got := groupSeries(g); got != want {
			t.Errorf("groupSeries(%q) = %q, want %q", g, got, want)
		}
	}
}

// TestRefusalsOnlyInGroupsRead: a refusal in a version group holds only
// for a server of that series (QA: vgcrit.cnf gave two "will not start"
// findings for groups mariadbd 10.11.19 does not read; it starts).
func TestRefusalsOnlyInGroupsRead(t *testing.T) {
	cases := []struct {
		name, file, text, flavor, version string
		refusals                          int
	}{
		{"other series' groups", "vgcrit.cnf", "", "mariadb", "10.11.19", 0},
		{"[mysqld-8.0] for MySQL 8.4", "my80.cnf", "", "mysql", "8.4.8", 0},
		{"own series' group", "", "[mysqld]\nmax_connections=10\n[mariadb-10.11]\ninnodb_redo_log_capacity=1G\n", "mariadb", "10.11.19", 1},
		{"own group, other server", "", "[mysqld]\nmax_connections=10\n[mariadb-10.11]\ninnodb_redo_log_capacity=1G\n", "mariadb", "11.4.5", 0},
		{"not X.Y: never read", "", "[mysqld]\nmax_connections=10\n[mariadb-10.11.19]\ninnodb_redo_log_capacity=1G\n", "mariadb", "10.11.19", 0},
		{"unknown version", "vgcrit.cnf", "", "mariadb", "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var mc *profile.MyCnf
			if c.file != "" {
				var err error
				if mc, err = ReadMyCnf(filepath.Join("testdata", "qa14", c.file)); err != nil {
					t.Fatal(err)
				}
			} else {
				mc = readCnfText(t, c.text)
			}
			var got []string
			for _, w := range mc.Warnings {
				if w.Refuses && w.AppliesTo(c.flavor, c.version) {
					got = append(got, w.Where+": "+w.Text)
				}
			}
			if len(got) != c.refusals {
				t.Errorf("%d refusals for %s %s, want %d: %q", len(got), c.flavor, c.version, c.refusals, got)
			}
		})
	}
}
