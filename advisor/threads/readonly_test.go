package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestReadOnlyTargetWarning: review r12, a standalone MariaDB 10.11 set
// read_only (SHOW ALL SLAVES STATUS read: no channel) was warned that
// "writing to a replica makes it differ from its source" and told to RESET
// SLAVE ALL. A read_only server known to replicate from no source is now
// warned as what it is; a replica, or a server whose role is not known,
// keeps the replica warning.
func TestReadOnlyTargetWarning(t *testing.T) {
	cases := []struct {
		name          string
		rep           *profile.Replication
		readOnly      string
		want, notWant string
	}{
		{"read_only standalone", &profile.Replication{Role: profile.RoleStandalone}, "ON",
			"it is read_only, though it replicates from no source", "writing to a replica"},
		{"read_only source", &profile.Replication{Role: profile.RoleSource, Replicas: 1}, "1",
			"SET GLOBAL read_only = OFF", "RESET SLAVE ALL"},
		{"read_only replica", &profile.Replication{Role: profile.RoleReplica, Channels: 1}, "ON",
			"it is a replica (1 replication channel) and it is read_only, and writing to a replica", "replicates from no source"},
		// review r58: the role not read (an account without SLAVE MONITOR) is said to be unknown, not called a replica
		{"read_only, role not read", &profile.Replication{Role: profile.RoleUnknown}, "ON",
			"it is read_only and may be a replica (its replication status could not be read: see the gaps), and writing to a replica",
			"replicates from no source"},
		{"read_only, no replication block", nil, "ON", "it is read_only and may be a replica", "replicates from no source"},
		{"replica, read_only: not said to be unknown", &profile.Replication{Role: profile.RoleReplica, Channels: 1}, "ON",
			"it is a replica", "may be a replica"},
		{"standalone, writable", &profile.Replication{Role: profile.RoleStandalone}, "OFF", "", "DO NOT"},
		// review r28: a live MariaDB 10.11.19 replica with read_only OFF was told "an account with the READ_ONLY ADMIN
		// privilege … writes through read_only", as if only such accounts could write
		{"writable replica: any account writes", &profile.Replication{Role: profile.RoleReplica, Channels: 1}, "OFF",
			"(read_only is OFF here, so any account with the write privileges writes, and the load lines exit 0)", "writes through read_only"},
		{"replica, read_only not read: the privileges named", &profile.Replication{Role: profile.RoleReplica, Channels: 1}, "",
			"READ_ONLY ADMIN privilege", "read_only is  here"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := server("mariadb", "10.11.19-MariaDB-0+deb12u1", map[string]string{"read_only": c.readOnly})
			s.Replication = c.rep
			got := ReplicaTargetWarning(&profile.Profile{Server: s})
			if !strings.Contains(got, c.want) || strings.Contains(got, c.notWant) {
				t.Errorf("warning %q: want %q, not %q", got, c.want, c.notWant)
			}
		})
	}
}
