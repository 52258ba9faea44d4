package calibrate

import (
	"errors"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
)

// TestReadOnlyRefusedNamesTheServersWriters: review r24, calibrate on a
// MariaDB 10.11.19 read_only replica as an account with SUPER was refused
// (error 1290), and the message said "an account with SUPER … may write
// there". It now names what writes through read_only on that server.
func TestReadOnlyRefusedNamesTheServersWriters(t *testing.T) {
	cases := []struct {
		name, flavor, version, want, notWant string
	}{
		{"MariaDB 10.11", "mariadb", "10.11.19-MariaDB-0+deb12u1-log", "an account with the READ_ONLY ADMIN privilege (SUPER alone no longer", "an account with SUPER"},
		{"MariaDB 10.5.2", "mariadb", "10.5.2-MariaDB", "an account with the READ_ONLY ADMIN or SUPER privilege may", "no longer"},
		{"MySQL 8.4", "mysql", "8.4.3", "an account with the CONNECTION_ADMIN or SUPER privilege (unless super_read_only is on) may", "READ_ONLY ADMIN"},
		{"unknown server", "", "", "READ_ONLY ADMIN on MariaDB (SUPER too before 10.11), CONNECTION_ADMIN or SUPER on MySQL (unless super_read_only is on)", "an account with SUPER ("},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := readOnlyRefused(errors.New("Error 1290"), c.flavor, c.version)
			if !usage.Is(err) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.notWant) {
				t.Errorf("%v: want a usage error with %q, not %q", err, c.want, c.notWant)
			}
		})
	}
}
