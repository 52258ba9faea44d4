package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRestoreReadOnlySummary: review r12, a restore into a standalone
// read_only server was summed up as "planned against a replica"; it is now
// called a read_only server, and a replica is still called one; one whose
// role could not be read (review r58) a read_only server that may be one.
func TestRestoreReadOnlySummary(t *testing.T) {
	cases := []struct {
		name          string
		role          string
		want, notWant string
	}{
		{"standalone", profile.RoleStandalone, "against a read_only server", "replica"},
		{"replica", profile.RoleReplica, "against a replica", "read_only server"},
		// review r58: an account without SLAVE MONITOR could not read the role
		{"role not read", profile.RoleUnknown, "against a read_only server that may be a replica", "against a replica"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB",
				Variables: map[string]string{"read_only": "ON"}, Replication: &profile.Replication{Role: c.role, Channels: 1}}
			got := restoreReplica(profile.Profile{Server: srv, Dump: &profile.Dump{Path: "/d.sql", Format: "mysqldump"}}, "load")
			if len(got) != 1 || !strings.Contains(got[0].Summary, c.want) || strings.Contains(got[0].Summary, c.notWant) {
				t.Errorf("findings %+v: want a summary with %q, not %q", got, c.want, c.notWant)
			}
		})
	}
}
