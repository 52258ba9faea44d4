package dump

import (
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDataDirectories: a table's DATA DIRECTORY option is read from the
// table options (as MariaDB 10.11.19's SHOW CREATE TABLE writes it), not
// from a column's COMMENT; tables are grouped by path.
func TestDataDirectories(t *testing.T) {
	cases := []struct {
		name   string
		tables map[string]string // table → CREATE TABLE text after its name
		want   []profile.DumpDataDirectory
	}{
		{"MariaDB 10.11.19's SHOW CREATE TABLE", map[string]string{
			"dx.a": "(\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci DATA DIRECTORY='/var/tmp/dd1/ext/';"},
			[]profile.DumpDataDirectory{{Path: "/var/tmp/dd1/ext/", Tables: []string{"dx.a"}}}},
		{"two tables on one path, one on another", map[string]string{
			"s.b": "(`id` int) ENGINE=InnoDB data directory = '/srv/slow/'",
			"s.a": "(`id` int) ENGINE=InnoDB DATA DIRECTORY='/srv/slow/'",
			"s.c": "(`id` int) ENGINE=InnoDB DATA DIRECTORY='/mnt/x/'"},
			[]profile.DumpDataDirectory{{Path: "/mnt/x/", Tables: []string{"s.c"}}, {Path: "/srv/slow/", Tables: []string{"s.a", "s.b"}}}},
		{"a column comment that says it", map[string]string{
			"s.a": "(`id` int COMMENT 'DATA DIRECTORY=''/x/''') ENGINE=InnoDB"}, nil},
		{"none", map[string]string{"s.a": "(`id` int) ENGINE=InnoDB"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := dataDirectories{}
			for table, rest := range c.tables {
				d.add(table, afterDefinitions(rest))
			}
			if got := d.list(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}
