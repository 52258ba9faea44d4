package render

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestTargetLine: the target line names the server and why, or says the
// target is unknown and how the cnf is written then.
func TestTargetLine(t *testing.T) {
	cases := []struct {
		name string
		t    profile.Target
		want []string
	}{
		{"installed", profile.Target{Flavor: "mariadb", Version: "10.11.19", Source: "installed", Reason: "installed /usr/sbin/mariadbd 10.11.19-MariaDB-0+deb12u1"},
			[]string{"MariaDB 10.11.19 — installed /usr/sbin/mariadbd"}},
		{"percona from --target", profile.Target{Flavor: "percona", Version: "8.0.32", Source: "flag", Reason: "--target percona-8.0.32"},
			[]string{"Percona Server 8.0.32 — --target percona-8.0.32"}},
		{"an advice saved before reasons existed", profile.Target{Flavor: "mysql", Version: "8.0.36", Source: "server"},
			[]string{"MySQL 8.0.36 — from server"}},
		{"unknown", profile.Target{Source: "unknown", Reason: "no server reachable, no --target, no server installed here"},
			[]string{"unknown — no server reachable", "groups only that server reads", "--target"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := TargetLine(tc.t)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
		})
	}
}
