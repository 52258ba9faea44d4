package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDedicatedSizesTheLoad: a my.cnf with innodb_dedicated_server = ON
// and nothing else runs MySQL 8.0 with a pool of 0.75 x memory (18G on
// 24G) and a 14G redo log; the restore plan sizes the load for those, not
// for the 128M and 100M defaults the file's own lines would give (before:
// it offered to grow a "128M" pool the server does not have).
func TestDedicatedSizesTheLoad(t *testing.T) {
	cases := []struct {
		name      string
		dedicated string
		asIsPool  string // in the as-is estimate's basis
	}{
		{"ON: the derived 18G pool holds the dump, no grow", "ON", "the my.cnf 18.0 GiB buffer pool"},
		{"OFF: the 128M default as it is (the advice's cnf raises it)", "OFF", "the default 128.0 MiB buffer pool"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := loadScenario(t, "no-server")
			p.Host.Memory.TotalBytes, p.Host.Memory.AvailableBytes = 24<<30, 20<<30
			p.MyCnf = &profile.MyCnf{Path: "/etc/mysql/my.cnf", Variables: map[string]string{"innodb_dedicated_server": tc.dedicated}}
			p.Dump = &profile.Dump{Path: "/dump", Format: "mydumper", TotalBytes: 1 << 30}
			a, err := Advise(p, AdviseOptions{Target: "mysql-8.0.36", Task: "load", ToolVersion: "test"})
			if err != nil {
				t.Fatal(err)
			}
			grow := false
			for _, s := range a.Threads.Temporary {
				if strings.Contains(s.Apply, "innodb_buffer_pool_size") {
					grow = true
				}
			}
			if grow {
				t.Errorf("a during-load pool change offered (before: SET GLOBAL innodb_buffer_pool_size = 3G on an 18G pool, undone to 128M): %+v", a.Threads.Temporary)
			}
			if !strings.Contains(a.Threads.EstimatedLoadAsIs.Basis, tc.asIsPool) {
				t.Errorf("as-is basis %q, want %q in it", a.Threads.EstimatedLoadAsIs.Basis, tc.asIsPool)
			}
			if v := p.MyCnf.Variables["innodb_buffer_pool_size"]; v != "" {
				t.Errorf("the caller's my.cnf changed: innodb_buffer_pool_size %q", v)
			}
		})
	}
}
