package calibrate

import (
	"errors"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/profile"
)

// TestBinlogRefused: the refusal names the privileges of the server's own
// flavor and version, never one it does not have.
func TestBinlogRefused(t *testing.T) {
	cases := []struct {
		name, flavor, version string
		has                   string
		not                   []string
	}{
		{"MariaDB 10.11: BINLOG ADMIN or SUPER", profile.FlavorMariaDB, "10.11.6-MariaDB", "it needs the BINLOG ADMIN or SUPER privilege", []string{"SYSTEM_VARIABLES_ADMIN"}},
		{"MariaDB 10.5.2: BINLOG ADMIN is there", profile.FlavorMariaDB, "10.5.2-MariaDB", "it needs the BINLOG ADMIN or SUPER privilege", []string{"SYSTEM_VARIABLES_ADMIN"}},
		{"MariaDB 10.4: SUPER only", profile.FlavorMariaDB, "10.4.32-MariaDB", "it needs the SUPER privilege)", []string{"SYSTEM_VARIABLES_ADMIN", "BINLOG ADMIN"}},
		{"MySQL 8.0.36", profile.FlavorMySQL, "8.0.36", "it needs the SYSTEM_VARIABLES_ADMIN, SESSION_VARIABLES_ADMIN or SUPER privilege", []string{"BINLOG ADMIN"}},
		{"MySQL 8.0.13: no SESSION_VARIABLES_ADMIN yet", profile.FlavorMySQL, "8.0.13", "it needs the SYSTEM_VARIABLES_ADMIN or SUPER privilege", []string{"BINLOG ADMIN", "SESSION_"}},
		{"Percona 5.7: SUPER only", profile.FlavorPercona, "5.7.44-48", "it needs the SUPER privilege)", []string{"BINLOG ADMIN", "SYSTEM_VARIABLES_ADMIN"}},
		{"unknown server: each flavor's names, said per flavor", "", "", "BINLOG ADMIN on MariaDB 10.5.2+, or SYSTEM_VARIABLES_ADMIN on MySQL 8", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := binlogRefused(c.flavor, c.version)
			if !errors.Is(err, ErrBinlogRefused) || !usage.Is(err) {
				t.Errorf("%v: want a usage error wrapping ErrBinlogRefused", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, c.has) || !strings.Contains(msg, "--allow-binlog") {
				t.Errorf("%q lacks %q or --allow-binlog", msg, c.has)
			}
			for _, n := range c.not {
				if strings.Contains(msg, n) {
					t.Errorf("%q names %s, which %s %s does not have", msg, n, c.flavor, c.version)
				}
			}
		})
	}
}
