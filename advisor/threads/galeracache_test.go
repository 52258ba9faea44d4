package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// sbtestDump is review r39's and r43's dump: 4 sbtest tables of 100,000
// rows in one mydumper 0.10 file each (79.8 MB of SQL).
func sbtestDump(loadData bool) *profile.Dump {
	d := &profile.Dump{Path: "/d", Format: "mydumper", TotalBytes: 4 * sbtestModel.Bytes, LoadData: loadData}
	for _, n := range []string{"sbtest.sbtest1", "sbtest.sbtest2", "sbtest.sbtest3", "sbtest.sbtest4"} {
		m := sbtestModel
		m.Name = n
		d.TableModels = append(d.TableModels, m)
		d.TopTables = append(d.TopTables, profile.DumpTable{Name: n, Bytes: m.Bytes, Chunks: 1})
	}
	return d
}

// TestGaleraCache: on a Galera node, a load whose write sets exceed
// gcache.size is warned (review r43, MariaDB 10.11.19 at gcache.size
// 128M: node 2, down during 311 MB of write sets, rejoined by a full SST;
// one load of this dump sent 155.7 MB).
func TestGaleraCache(t *testing.T) {
	cases := []struct {
		name     string
		vars     map[string]string
		loadData bool
		want     []string
	}{
		{"gcache.size 128M, annotate ON", galeraVars(nil), false,
			[]string{"about 154.7 MiB of write sets", "plus 76.1 MiB of the INSERTs' text", "more than gcache.size 128.0 MiB keeps",
				"full SST", "raise gcache.size above 154.7 MiB", "binlog_annotate_row_events = OFF", "about 78.6 MiB"}},
		{"gcache.size not in the options: 128M default", galeraVars(map[string]string{"wsrep_provider_options": "repl.max_ws_size = 2147483647"}), false,
			[]string{"more than gcache.size 128.0 MiB keeps"}},
		{"gcache.size 256M: it fits", galeraVars(map[string]string{"wsrep_provider_options": "gcache.size = 256M; repl.max_ws_size = 2147483647"}), false, nil},
		{"annotate OFF: rows only, 78.6 MiB fits", galeraVars(map[string]string{"binlog_annotate_row_events": "OFF"}), false, nil},
		{"annotate OFF, gcache.size 64M", galeraVars(map[string]string{"binlog_annotate_row_events": "OFF", "wsrep_provider_options": "gcache.size=64M"}), false,
			[]string{"about 78.6 MiB of write sets through the cluster (its rows as stored)", "gcache.size 64.0 MiB"}},
		{"--load-data: no INSERT text", galeraVars(map[string]string{"wsrep_provider_options": "gcache.size = 64M"}), true,
			[]string{"about 78.6 MiB of write sets through the cluster (its rows as stored)"}},
		{"wsrep_on OFF: no cluster", galeraVars(map[string]string{"wsrep_on": "OFF"}), false, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Server: &profile.Server{Reachable: true, Variables: c.vars}, Dump: sbtestDump(c.loadData)}
			o := Options{Task: TaskLoad, Target: profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}}
			got := GaleraCacheWarning(p, o)
			if len(c.want) == 0 && got != "" {
				t.Fatalf("warned: %s", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			if strings.Contains(c.name, "annotate ON") && !strings.Contains(strings.Join(loadWarnings(p, o), "\n"), got) {
				t.Errorf("loadWarnings lacks the gcache warning")
			}
		})
	}
}
