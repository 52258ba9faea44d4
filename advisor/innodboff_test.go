package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// TestNoInnoDBAdviceWithoutInnoDB: a MariaDB without InnoDB (QA 14:
// skip-innodb with default-storage-engine=MyISAM got a 17G pool and a
// redo log) gets no innodb_* or redo finding and a note saying why.
func TestNoInnoDBAdviceWithoutInnoDB(t *testing.T) {
	cases := []struct {
		name string
		vars map[string]string
		off  bool
	}{
		{"skip-innodb, MyISAM", map[string]string{"innodb": "0", "default_storage_engine": "MyISAM"}, true},
		{"innodb = OFF, Aria", map[string]string{"innodb": "OFF", "default_storage_engine": "Aria"}, true},
		{"InnoDB on", map[string]string{"default_storage_engine": "InnoDB"}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := loadScenario(t, "no-server")
			p.MyCnf = &profile.MyCnf{Path: "my.cnf", Variables: tc.vars}
			a, err := Advise(p, AdviseOptions{Target: "mariadb-10.11", ToolVersion: "test"})
			if err != nil {
				t.Fatal(err)
			}
			innodb := 0
			for _, f := range a.Findings {
				if strings.HasPrefix(f.Variable, "innodb_") || f.Category == "redo" {
					innodb++
				}
			}
			noted := strings.Contains(strings.Join(a.Notes, "\n"), rules.InnoDBOffNote)
			if tc.off && (innodb > 0 || !noted || strings.Contains(a.Cnf, "innodb_")) {
				t.Errorf("InnoDB off: %d InnoDB findings, noted %v, cnf:\n%s", innodb, noted, a.Cnf)
			}
			if !tc.off && (innodb == 0 || noted) {
				t.Errorf("InnoDB on: %d InnoDB findings, noted %v", innodb, noted)
			}
		})
	}
}
