package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestReplicaWritable: review r24, a MariaDB 10.11 replica set read_only =
// OFF was advised nothing about it. replication.replica_writable fires on a
// replica whose read_only is off, and only there.
func TestReplicaWritable(t *testing.T) {
	replica := profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true}
	source := profile.Replication{Role: profile.RoleSource, Replicas: 1}
	cases := []struct {
		name, readOnly string
		rep            profile.Replication
		fires          bool
	}{
		{"replica, read_only OFF", "OFF", replica, true},
		{"replica, read_only 0", "0", replica, true},
		{"replica, read_only ON", "ON", replica, false},
		{"replica, MariaDB 11 NO_LOCK", "NO_LOCK", replica, false},
		{"source, read_only OFF", "OFF", source, false},
		{"standalone, read_only OFF", "OFF", profile.Replication{Role: profile.RoleStandalone}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			setVersion("mariadb", "10.11.19")(&p)
			setVar("read_only", c.readOnly)(&p)
			replicaOf(c.rep)(&p)
			h, ok := fired(t, p, "strict", "")["replication.replica_writable"]
			if ok != c.fires {
				t.Fatalf("fired %v, want %v", ok, c.fires)
			}
			if ok && (!strings.Contains(h.RenderedDetail, "read_only is "+c.readOnly+":") ||
				!strings.Contains(h.RenderedDetail, "the READ_ONLY ADMIN privilege (SUPER alone")) {
				t.Errorf("detail: %s", h.RenderedDetail)
			}
		})
	}
}
