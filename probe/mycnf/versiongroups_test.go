package mycnf

import (
	"path/filepath"
	"testing"
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
