package mycnf

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAddedInMySQLWarnings: an option MySQL added in 8.0.x is a refusal
// for an older MySQL, for no newer one, for no MariaDB, and for no server
// of unknown version; every name is in the MySQL 8.4 option table.
func TestAddedInMySQLWarnings(t *testing.T) {
	for name := range addedInMySQL {
		if optionKind(flavorMySQL, name) == "" {
			t.Errorf("%s is not in the MySQL 8.4 option table", name)
		}
	}
	cases := []struct {
		name, text, flavor, version string
		want                        bool
	}{
		{"capacity on 8.0.20", "[mysqld]\ninnodb_redo_log_capacity = 4G\n", profile.FlavorMySQL, "8.0.20", true},
		{"capacity on 5.7", "[mysqld]\ninnodb_redo_log_capacity = 4G\n", profile.FlavorMySQL, "5.7.44", true},
		{"capacity on 8.0.30", "[mysqld]\ninnodb_redo_log_capacity = 4G\n", profile.FlavorMySQL, "8.0.30", false},
		{"capacity on 8.4", "[mysqld]\ninnodb_redo_log_capacity = 4G\n", profile.FlavorMySQL, "8.4.8", false},
		{"capacity, version unknown", "[mysqld]\ninnodb_redo_log_capacity = 4G\n", profile.FlavorMySQL, "", false},
		{"binlog seconds on 5.7", "[mysqld]\nbinlog_expire_logs_seconds = 86400\n", profile.FlavorPercona, "5.7.44", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mc := readCnfText(t, c.text)
			got := false
			for _, w := range mc.Warnings {
				if strings.Contains(w.Text, "MySQL before") && w.AppliesTo(c.flavor, c.version) {
					got = w.Refuses
				}
			}
			if got != c.want {
				t.Errorf("refusal = %v, want %v (%+v)", got, c.want, mc.Warnings)
			}
		})
	}
}
