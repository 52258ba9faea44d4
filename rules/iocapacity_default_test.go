package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// ioCapMaxCases are my.cnf settings and the innodb_io_capacity_max the
// server runs with (mariadbd 10.11.19 checked for the first two).
var ioCapMaxCases = []struct {
	name, target string
	vars         map[string]string
	want         uint64
}{
	{"MariaDB, io_capacity 5000 alone: twice it", "mariadb-10.11", map[string]string{"innodb_io_capacity": "5000"}, 10000},
	{"MariaDB, nothing set: 2000", "mariadb-10.11", map[string]string{}, 2000},
	{"MariaDB, io_capacity 300: at least 2000", "mariadb-10.11", map[string]string{"innodb_io_capacity": "300"}, 2000},
	{"MariaDB, both set: as written", "mariadb-10.11", map[string]string{"innodb_io_capacity": "5000", "innodb_io_capacity_max": "3000"}, 3000},
	{"MySQL 8.0, io_capacity 4k alone", "mysql-8.0.36", map[string]string{"innodb_io_capacity": "4k"}, 8192},
	{"MySQL 8.4, nothing set: 20000", "mysql-8.4.8", map[string]string{}, 20000},
	{"MySQL 8.4, io_capacity 15000 alone", "mysql-8.4.8", map[string]string{"innodb_io_capacity": "15000"}, 30000},
}

// TestIOCapacityMaxDefault checks that an unset innodb_io_capacity_max is
// twice a set innodb_io_capacity (at least 2000), not a fixed 2000 below it.
func TestIOCapacityMaxDefault(t *testing.T) {
	for _, tc := range ioCapMaxCases {
		t.Run(tc.name, func(t *testing.T) {
			p := profile.Profile{Host: profile.Host{CPU: profile.CPU{Logical: 2}, Memory: profile.Memory{TotalBytes: 8 * tGiB}},
				MyCnf: &profile.MyCnf{Variables: tc.vars}}
			tg, _, err := ResolveTarget(p, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, tg)
			if err != nil {
				t.Fatal(err)
			}
			if f.IOCapacityMax != tc.want {
				t.Errorf("innodb_io_capacity_max %d, want %d (innodb_io_capacity %d)", f.IOCapacityMax, tc.want, f.IOCapacity)
			}
		})
	}
}
