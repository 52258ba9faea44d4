package mycnf

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRemovedIn97AbsentFromCaptures: every name the warning calls removed
// by 9.7 is in MySQL 8.4.8's captured SHOW VARIABLES and in neither MySQL
// 9.7.0-er2's nor 9.7.1's (the same host and cnf as 8.4.8's for 9.7.0).
func TestRemovedIn97AbsentFromCaptures(t *testing.T) {
	my84 := variableNames(t, "mysql-8.4.8.txt")
	my970, my971 := variableNames(t, "mysql-9.7.0-er2.txt"), variableNames(t, "mysql-9.7.1.txt")
	for name := range removedIn97 {
		if !my84[name] {
			t.Errorf("%s is not in the 8.4 capture: not an 8.4 option 9.7 removed", name)
		}
		if my970[name] || my971[name] {
			t.Errorf("%s is still in MySQL 9.7: not removed", name)
		}
	}
}

// TestRemovedIn97Warnings: a MySQL 9.7+ target whose my.cnf sets an option
// 9.7 no longer has gets a refusing warning (review r13: the refusal lists
// stopped at 8.4, so a 9.7 my.cnf with innodb_log_file_size passed); 8.4
// and MariaDB, which still have them, do not.
func TestRemovedIn97Warnings(t *testing.T) {
	checkRemovedWarnings(t, "9.7", []removedCase{
		{"log file size on 9.7.1", "[mysqld]\ninnodb_log_file_size = 1G\n", profile.FlavorMySQL, "9.7.1", "innodb_redo_log_capacity", true},
		{"dashes on 26.7", "[mysqld]\ninnodb-log-files-in-group = 2\n", profile.FlavorMySQL, "26.7.0", "innodb_redo_log_capacity", true},
		{"undo tablespaces on 9.7", "[mysqld]\ninnodb_undo_tablespaces = 4\n", profile.FlavorMySQL, "9.7.0", "CREATE UNDO TABLESPACE", true},
		{"parallel type on 9.7", "[mysqld]\nreplica_parallel_type = LOGICAL_CLOCK\n", profile.FlavorMySQL, "9.7.1", "LOGICAL_CLOCK", true},
		{"loose is only skipped", "[mysqld]\nloose-temptable_use_mmap = OFF\n", profile.FlavorMySQL, "9.7.1", "skips it", false},
		{"8.4 still has it", "[mysqld]\ninnodb_log_file_size = 1G\n", profile.FlavorMySQL, "8.4.8", "", false},
		{"mariadb has it", "[mysqld]\ninnodb_log_file_size = 1G\n", profile.FlavorMariaDB, "11.8.6", "", false},
	})
}
