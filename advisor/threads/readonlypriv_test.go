package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestReplicaWarningNamesTheReadOnlyWriters: review r24, on a MariaDB
// 10.11.19 replica (read_only ON) an account with SUPER is refused (error
// 1290), yet the warning said "an account with SUPER or READ_ONLY ADMIN
// writes through read_only". The privileges named are now the server's,
// with one article before them (review r28, live: "and an an account").
func TestReplicaWarningNamesTheReadOnlyWriters(t *testing.T) {
	cases := []struct {
		name, flavor, version string
		want, notWant         string
	}{
		{"MariaDB 10.11", "mariadb", "10.11.19-MariaDB-0+deb12u1", "an account with the READ_ONLY ADMIN privilege (SUPER alone no longer", "SUPER or READ_ONLY ADMIN"},
		{"MariaDB 10.6", "mariadb", "10.6.18-MariaDB", "an account with the READ_ONLY ADMIN or SUPER privilege writes", "no longer"},
		{"MariaDB 10.4", "mariadb", "10.4.32-MariaDB", "an account with the SUPER privilege writes", "READ_ONLY ADMIN"},
		{"MySQL 8.0", "mysql", "8.0.36", "an account with the CONNECTION_ADMIN or SUPER privilege (unless super_read_only is on) writes", "READ_ONLY ADMIN"},
	}
	for _, c := range cases {
		for _, role := range []string{profile.RoleReplica, profile.RoleStandalone} {
			t.Run(c.name+" "+role, func(t *testing.T) {
				s := server(c.flavor, c.version, map[string]string{"read_only": "ON"})
				s.Replication = &profile.Replication{Role: role, Channels: 1}
				got := ReplicaTargetWarning(&profile.Profile{Server: s})
				if !strings.Contains(got, c.want) || strings.Contains(got, c.notWant) {
					t.Errorf("warning %q: want %q, not %q", got, c.want, c.notWant)
				}
				// review r28: a read_only standalone MariaDB 10.11.19 was told "and an an account with …"
				if strings.Contains(got, "an an ") {
					t.Errorf("warning %q: doubled article", got)
				}
			})
		}
	}
}
