package advisor

import (
	"strconv"
	"testing"
)

// TestScenariosMemoryOrder: the memory advice makes room for the
// connections' temporary tables out of tmp_table_size before
// max_connections or the pool (fix13b): no scenario advises fewer
// connections than its server had in use (Max_used_connections), and the
// pools below keep the size they had before the temporary-table term
// (dd35333 took pi-sd MySQL 8.0's from 2G to 768M).
func TestScenariosMemoryOrder(t *testing.T) {
	pools := map[string]string{"pi-sd-mysql80": "2G", "pi-sd-mysql80-relaxed": "2G", "container-limit": "2G"}
	for _, s := range scenarios {
		t.Run(s.goldenName(), func(t *testing.T) {
			p := loadScenario(t, s.name)
			a := advise(t, s)
			for _, f := range a.Findings {
				switch f.Variable {
				case "max_connections":
					if p.Server == nil {
						continue
					}
					used, err := strconv.Atoi(p.Server.Status["max_used_connections"])
					if n, _ := strconv.Atoi(f.Recommended); err == nil && n < used {
						t.Errorf("%s advises max_connections %d below the %d the server had in use", f.ID, n, used)
					}
				case "innodb_buffer_pool_size":
					if want, ok := pools[s.goldenName()]; ok && f.Recommended != want {
						t.Errorf("%s advises a %s pool, want %s", f.ID, f.Recommended, want)
					}
				}
			}
		})
	}
}
