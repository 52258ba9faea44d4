package threads

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// redoFilesCases are a my.cnf's redo settings, the target, and the redo
// log that target runs with (mariadbd 10.11.19 checked for the first).
var redoFilesCases = []struct {
	name   string
	target profile.Target
	want   uint64
}{
	{"MariaDB 10.11: one file", profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, 256 << 20},
	{"MariaDB 10.4: the files", profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.4.34"}, 1 << 30},
	{"MySQL 5.7: the files", profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44"}, 1 << 30},
}

// TestPoolRedoFiles checks that the restore model's redo log counts
// innodb_log_files_in_group only where the target has several files.
func TestPoolRedoFiles(t *testing.T) {
	for _, tc := range redoFilesCases {
		t.Run(tc.name, func(t *testing.T) {
			p := &profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{
				"innodb_log_file_size": "256M", "innodb_log_files_in_group": "4", "innodb_buffer_pool_size": "1G"}}}
			if got := poolOf(p, Options{Target: tc.target}).redo; got != tc.want {
				t.Errorf("redo %d, want %d", got, tc.want)
			}
		})
	}
}
