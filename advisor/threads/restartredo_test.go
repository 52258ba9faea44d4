package threads

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRestartRedoLine: the redo log a target must be restarted with is
// written as the option its release has, in option-file units, per file
// where it has several: MySQL 5.7.44 was told "innodb_redo_log_capacity =
// 7.8 GiB", which mysqld 5.7 does not know (new in 8.0.30).
func TestRestartRedoLine(t *testing.T) {
	withFiles := &profile.Profile{Server: &profile.Server{Variables: map[string]string{"innodb_log_files_in_group": "3"}}}
	tests := []struct {
		name string
		p    *profile.Profile
		t    profile.Target
		cap  uint64
		want string
	}{
		{"MySQL 5.7: two files of half", &profile.Profile{}, profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44"}, 7936 << 20,
			"innodb_log_file_size = 3968M (each of its 2 files: 7.8 GiB in all)"},
		{"MySQL 8.0.29: the server's 3 files", withFiles, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.29"}, 3 << 30,
			"innodb_log_file_size = 1G (each of its 3 files: 3.0 GiB in all)"},
		{"Percona 8.0.30: capacity", &profile.Profile{}, profile.Target{Flavor: profile.FlavorPercona, Version: "8.0.30"}, 7936 << 20,
			"innodb_redo_log_capacity = 7936M"},
		{"MariaDB 10.4: two files", &profile.Profile{}, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.4.34"}, 768 << 20,
			"innodb_log_file_size = 384M (each of its 2 files: 768.0 MiB in all)"},
		{"MariaDB 10.6: one file", withFiles, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.6.18"}, 384 << 20,
			"innodb_log_file_size = 384M"},
		{"odd size rounded up to whole MiB", &profile.Profile{}, profile.Target{Flavor: profile.FlavorMySQL, Version: "5.6.51"}, 3<<20 + 2,
			"innodb_log_file_size = 2M (each of its 2 files: 4.0 MiB in all)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := restartRedoLine(tc.p, tc.t, tc.cap); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
