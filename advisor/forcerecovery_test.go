package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// TestForceRecovery: review r12, MariaDB 10.11.19 restarted with
// innodb_force_recovery = 6 (innodb_read_only ON) was advised with 0 crit:
// a restore plan of 100-300 ms into a server that refuses every write, and
// innodb_doublewrite OFF → ON. Any level above 0 is now a crit finding,
// and a load plan into it opens with a warning; 0 and no value are not.
func TestForceRecovery(t *testing.T) {
	cases := []struct {
		name, level, readOnly string
		crit                  bool
		warnHas               string
	}{
		{"level 6, InnoDB read-only", "6", "ON", true, "innodb_read_only is ON"},
		{"level 4, read-only not shown", "4", "", true, "from 4 up InnoDB is read-only"},
		{"level 1", "1", "OFF", true, "skips what it could not recover"},
		{"off", "0", "OFF", false, ""},
		{"not shown", "", "", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vars := map[string]string{"innodb_force_recovery": c.level, "innodb_read_only": c.readOnly}
			p := profile.Profile{Server: &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19-MariaDB",
				Variables: vars, Replication: &profile.Replication{Role: profile.RoleStandalone}},
				Dump: &profile.Dump{Path: "/d.sql", Format: "mysqldump"}}
			got := forceRecovery(p)
			if crit := len(got) == 1 && got[0].Severity == SeverityCrit && got[0].ID == ForceRecoveryID; crit != c.crit {
				t.Errorf("findings %+v, want crit %v", got, c.crit)
			}
			w := threads.ForceRecoveryWarning(&p)
			if (c.warnHas == "") != (w == "") || !strings.Contains(w, c.warnHas) {
				t.Errorf("warning %q, want %q", w, c.warnHas)
			}
		})
	}
}
