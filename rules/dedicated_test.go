package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDedicatedDefaults: with innodb_dedicated_server = ON in a my.cnf
// and no server read, the facts hold what MySQL derives (MySQL 8.4 and
// 8.0 manuals, "Enabling Automatic InnoDB Configuration for a Dedicated
// MySQL Server") for each variable the file leaves unset.
func TestDedicatedDefaults(t *testing.T) {
	cases := []struct {
		name, target string
		mem          uint64
		cpus         int
		vars         map[string]string
		pool         uint64 // F.BufferPoolBytes
		redo         string // Raw innodb_redo_log_capacity ("" not checked)
		flush        string // Raw innodb_flush_method ("" not checked)
		redoNote     string // in Derived of the redo variable ("" none)
	}{
		{"8.4, 24G, 2 CPUs: 0.75 x RAM, 1G redo", "mysql-8.4", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			18 * tGiB, "1G", "", "2 logical processors / 2 GB"},
		{"8.4, 64 CPUs: redo held to 16G", "mysql-8.4", 24 * tGiB, 64, map[string]string{"innodb_dedicated_server": "ON"},
			18 * tGiB, "16G", "", "at most 16 GB"},
		{"8.4, 3G: half of RAM", "mysql-8.4", 3 * tGiB, 4, map[string]string{"innodb_dedicated_server": "ON"},
			1536 * tMiB, "2G", "", ""},
		{"8.4, 512M: the 128M default", "mysql-8.4", 512 * tMiB, 4, map[string]string{"innodb_dedicated_server": "ON"},
			128 * tMiB, "", "", ""},
		{"8.4, pool set in the file: kept", "mysql-8.4", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON", "innodb_buffer_pool_size": "4G"},
			4 * tGiB, "1G", "", ""},
		{"8.4, OFF: defaults", "mysql-8.4", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "OFF"},
			128 * tMiB, "100M", "", ""},
		{"8.0.36: O_DIRECT_NO_FSYNC, redo not modelled", "mysql-8.0.36", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			18 * tGiB, "100M", "O_DIRECT_NO_FSYNC", "a table mytune does not model"},
		{"8.0.36, flush method set in the file: kept", "mysql-8.0.36", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON", "innodb_flush_method": "fsync"},
			18 * tGiB, "", "fsync", ""},
		{"MariaDB has no innodb_dedicated_server", "mariadb-10.11", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			128 * tMiB, "", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := profile.Profile{Host: profile.Host{CPU: profile.CPU{Logical: tc.cpus}, Memory: profile.Memory{TotalBytes: tc.mem}},
				MyCnf: &profile.MyCnf{Variables: tc.vars}}
			tg, _, err := ResolveTarget(p, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, tg)
			if err != nil {
				t.Fatal(err)
			}
			if f.BufferPoolBytes != tc.pool {
				t.Errorf("pool %s, want %s", Human(f.BufferPoolBytes), Human(tc.pool))
			}
			if tc.redo != "" && f.Raw["innodb_redo_log_capacity"] != tc.redo {
				t.Errorf("innodb_redo_log_capacity %q, want %q", f.Raw["innodb_redo_log_capacity"], tc.redo)
			}
			if tc.flush != "" && f.Raw["innodb_flush_method"] != tc.flush {
				t.Errorf("innodb_flush_method %q, want %q", f.Raw["innodb_flush_method"], tc.flush)
			}
			_, fileSets := tc.vars["innodb_buffer_pool_size"]
			derived := (Env{F: f}).Derived("innodb_buffer_pool_size")
			if want := tc.pool > 128*tMiB && !fileSets; want != strings.Contains(derived, "innodb_dedicated_server = ON makes the server derive it") {
				t.Errorf("pool text %q, want the derivation said: %v", derived, want)
			}
			if got := f.Derived["innodb_redo_log_capacity"]; tc.redoNote != "" && !strings.Contains(got, tc.redoNote) {
				t.Errorf("redo derivation %q, want %q in it", got, tc.redoNote)
			}
		})
	}
}
