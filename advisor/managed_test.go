package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestManagedNote: a server on Amazon Aurora or RDS is told that its
// settings go in a DB parameter group and that the sizes are fitted to the
// machine mytune ran on (review r19: nothing said so); a server of one's
// own gets no such note.
func TestManagedNote(t *testing.T) {
	srv := func(version string, vars map[string]string) *profile.Server {
		return &profile.Server{Reachable: true, Flavor: "mysql", Version: version, Variables: vars}
	}
	cases := []struct {
		name string
		s    *profile.Server
		want string
	}{
		{"Aurora by its version", srv("8.0.mysql_aurora.3.05.2", map[string]string{}), "Amazon Aurora: its settings are changed in the instance's DB parameter group"},
		{"Aurora by aurora_version", srv("8.0.32", map[string]string{"aurora_version": "3.05.2"}), "Amazon Aurora:"},
		{"RDS by its datadir", srv("8.0.36", map[string]string{"datadir": "/rdsdbdata/db/"}), "Amazon RDS:"},
		{"RDS MariaDB by its basedir", srv("10.6.14-MariaDB-log", map[string]string{"basedir": "/rdsdbbin/mariadb-10.6.14.R1/"}), "Amazon RDS:"},
		{"a server of one's own", srv("8.0.36", map[string]string{"datadir": "/var/lib/mysql/"}), ""},
		{"no server", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := managedNote(c.s)
			if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
				t.Errorf("managedNote = %q, want it to start %q", got, c.want)
			}
		})
	}
}
