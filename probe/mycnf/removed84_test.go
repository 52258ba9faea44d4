package mycnf

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRemovedIn84AbsentFromCaptures: every name the warning calls removed
// in 8.4 is in Percona Server 8.0.32's captured SHOW VARIABLES and in
// neither MySQL 8.4.8's nor Percona Server 8.4.5's, nor in the MySQL 8.4
// option table.
func TestRemovedIn84AbsentFromCaptures(t *testing.T) {
	my80 := variableNames(t, "percona-server-8.0.32-24.txt")
	my84, ps84 := variableNames(t, "mysql-8.4.8.txt"), variableNames(t, "percona-server-8.4.5-5.txt")
	for name := range removedIn84 {
		if !my80[name] {
			t.Errorf("%s is not in the 8.0 capture: not an 8.0 option 8.4 removed", name)
		}
		if my84[name] || ps84[name] || optionKind(flavorMySQL, name) != "" {
			t.Errorf("%s is still in MySQL 8.4: not removed", name)
		}
	}
}

// TestRemovedIn84Warnings: a MySQL 8.4+ target whose my.cnf sets an option
// 8.4 removed gets a refusing warning; 8.0 and MariaDB do not.
func TestRemovedIn84Warnings(t *testing.T) {
	checkRemovedWarnings(t, "8.4", []removedCase{
		{"expire_logs_days on 8.4", "[mysqld]\nexpire_logs_days = 7\n", profile.FlavorMySQL, "8.4.8", "binlog_expire_logs_seconds", true},
		{"auth plugin on 9.1", "[mysqld]\ndefault-authentication-plugin = mysql_native_password\n", profile.FlavorMySQL, "9.1.0", "authentication_policy", true},
		{"repository on percona 8.4", "[mysqld]\nmaster_info_repository = TABLE\n", profile.FlavorPercona, "8.4.5", "tables only", true},
		{"version unknown", "[mysqld]\ntransaction_write_set_extraction = XXHASH64\n", profile.FlavorMySQL, "", "XXHASH64", true},
		{"loose is only skipped", "[mysqld]\nloose-expire_logs_days = 7\n", profile.FlavorMySQL, "8.4.0", "skips it", false},
		{"8.0 still has it", "[mysqld]\nexpire_logs_days = 7\n", profile.FlavorMySQL, "8.0.36", "", false},
		{"mariadb has it", "[mysqld]\nexpire_logs_days = 7\n", profile.FlavorMariaDB, "10.11.6", "", false},
		{"kept option", "[mysqld]\nbinlog_expire_logs_seconds = 604800\n", profile.FlavorMySQL, "8.4.8", "", false},
	})
}
