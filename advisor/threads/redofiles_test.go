package threads

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRedoOfCountsTheFiles: a redo log given as innodb_log_file_size is
// that size times the files the target writes: innodb_log_files_in_group
// when a set (or the live server) says it, else 2 on MySQL and on MariaDB
// before 10.5, 1 on MariaDB 10.5+. Before, an advised "innodb_log_file_size
// = 1G" for MySQL 5.7.44 (the rule: "2.0 GiB in all, over 2 files: 1G
// each") was planned as a 1.0 GiB log.
func TestRedoOfCountsTheFiles(t *testing.T) {
	my57 := profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44"}
	tests := []struct {
		name    string
		t       profile.Target
		srv     map[string]string
		advised map[string]string
		cnf     map[string]string
		want    uint64
	}{
		{"MySQL 5.7 advised 1G, nothing read: 2 files", my57, nil, map[string]string{"innodb_log_file_size": "1G"}, nil, 2 << 30},
		{"MySQL 5.7 advised 1G, the server runs 3 files", my57, map[string]string{"innodb_log_files_in_group": "3"}, map[string]string{"innodb_log_file_size": "1G"}, nil, 3 << 30},
		{"MySQL 8.0.20 my.cnf 512M with 4 files", profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.20"}, nil, nil, map[string]string{"innodb_log_file_size": "512M", "innodb_log_files_in_group": "4"}, 2 << 30},
		{"Percona 5.6 my.cnf 256M: 2 files", profile.Target{Flavor: profile.FlavorPercona, Version: "5.6.51"}, nil, nil, map[string]string{"innodb_log_file_size": "256M"}, 512 << 20},
		{"MariaDB 10.4 advised 512M: 2 files", profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.4.34"}, nil, map[string]string{"innodb_log_file_size": "512M"}, nil, 1 << 30},
		{"MariaDB 10.11 advised 1G, 4 files set: one file", profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, map[string]string{"innodb_log_files_in_group": "4"}, map[string]string{"innodb_log_file_size": "1G"}, nil, 1 << 30},
		{"MySQL 8.0.36 capacity 2G", profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.36"}, nil, map[string]string{"innodb_redo_log_capacity": "2G"}, nil, 2 << 30},
		{"target unknown: the size as given", profile.Target{}, nil, map[string]string{"innodb_log_file_size": "1G"}, nil, 1 << 30},
		{"nothing names it", my57, nil, nil, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := redoOf(tc.t, tc.srv, tc.advised, nil, tc.cnf); got != tc.want {
				t.Errorf("redoOf = %s, want %s", profile.HumanBytes(got), profile.HumanBytes(tc.want))
			}
		})
	}
}
