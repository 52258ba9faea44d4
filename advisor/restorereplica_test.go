package advisor

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestRestoreReplica(t *testing.T) {
	replica := &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB",
		Variables:   map[string]string{"read_only": "ON"},
		Replication: &profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true}}
	source := &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB",
		Variables:   map[string]string{"read_only": "OFF"},
		Replication: &profile.Replication{Role: profile.RoleSource, Replicas: 1}}
	dump := &profile.Dump{Path: "/d.sql", Format: "mysqldump"}
	tests := []struct {
		name string
		srv  *profile.Server
		dump *profile.Dump
		task string
		crit bool
	}{
		{"read_only replica, load: crit", replica, dump, "load", true},
		{"read_only replica, all: crit", replica, dump, "all", true},
		{"read_only replica, dump only: none", replica, dump, "dump", false},
		{"replica, no dump: none", replica, nil, "load", false},
		{"source: none", source, dump, "load", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := restoreReplica(profile.Profile{Server: tc.srv, Dump: tc.dump}, tc.task)
			if (len(got) == 1 && got[0].Severity == SeverityCrit) != tc.crit {
				t.Errorf("findings %+v, want crit %v", got, tc.crit)
			}
		})
	}
}
