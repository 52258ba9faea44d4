package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// redoFilesCases are my.cnf redo settings and the redo log the server
// runs with (mariadbd 10.11.19 checked for the first).
var redoFilesCases = []struct {
	name, target string
	vars         map[string]string
	want         uint64
}{
	{"MariaDB 10.11 ignores files_in_group", "mariadb-10.11", map[string]string{"innodb_log_file_size": "256M", "innodb_log_files_in_group": "4"}, 256 * tMiB},
	{"MariaDB 10.5 ignores it too", "mariadb-10.5", map[string]string{"innodb_log_file_size": "256M", "innodb_log_files_in_group": "2"}, 256 * tMiB},
	{"MariaDB 10.4 has the files", "mariadb-10.4", map[string]string{"innodb_log_file_size": "256M", "innodb_log_files_in_group": "2"}, 512 * tMiB},
	{"MySQL 5.7 has the files", "mysql-5.7.44", map[string]string{"innodb_log_file_size": "256M", "innodb_log_files_in_group": "4"}, tGiB},
	{"MariaDB 10.11 without it", "mariadb-10.11", map[string]string{"innodb_log_file_size": "256M"}, 256 * tMiB},
}

// TestLogFilesInGroup checks that the redo log is the file size times the
// files only where the server still has several files.
func TestLogFilesInGroup(t *testing.T) {
	for _, tc := range redoFilesCases {
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
			if f.RedoCapacityBytes != tc.want {
				t.Errorf("redo %s, want %s", Human(f.RedoCapacityBytes), Human(tc.want))
			}
		})
	}
}
