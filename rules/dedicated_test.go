package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// dedicatedDefaultsCase is one case of TestDedicatedDefaults.
type dedicatedDefaultsCase struct {
	name, target string
	mem          uint64
	cpus         int
	vars         map[string]string
	pool         uint64 // F.BufferPoolBytes
	redo         string // Raw innodb_redo_log_capacity ("" not checked)
	flush        string // Raw innodb_flush_method ("" not checked)
	redoNote     string // in Derived of the redo variable ("" none)
}

// dedicatedDefaultsCases are the cases of TestDedicatedDefaults.
func dedicatedDefaultsCases() []dedicatedDefaultsCase {
	return []dedicatedDefaultsCase{
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
		{"8.0.36, 24G: O_DIRECT_NO_FSYNC, redo round(0.5625 x 24) = 14G", "mysql-8.0.36", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			18 * tGiB, "14G", "O_DIRECT_NO_FSYNC", "round(0.5625 x memory in GB) x 1 GB"},
		{"8.0.36, 8G: round(0.75 x 8) x 0.5 = 3G", "mysql-8.0.36", 8 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			6 * tGiB, "3G", "", "from 4 to 10.66 GB"},
		{"8.0.36, 3G, pool not set: 1G", "mysql-8.0.36", 3 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			1536 * tMiB, "1G", "", "with the pool not set"},
		{"8.0.36, 3G, pool set: round(1.5) x 0.5 = 1G", "mysql-8.0.36", 3 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON", "innodb_buffer_pool_size": "1G"},
			tGiB, "1G", "", "with the pool set"},
		{"8.0.36, 2.5G, pool set: round(1.25) x 0.5 = 512M", "mysql-8.0.36", 2560 * tMiB, 2, map[string]string{"innodb_dedicated_server": "ON", "innodb_buffer_pool_size": "1G"},
			tGiB, "512M", "", "with the pool set"},
		{"8.0.36, 1.5G: the 100M default", "mysql-8.0.36", 1536 * tMiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			768 * tMiB, "100M", "", "below 2 GB"},
		{"8.0.36, 256G: 128G", "mysql-8.0.36", 256 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			192 * tGiB, "128G", "", "above 170.66 GB"},
		{"8.0.36, the deprecated file size set: no capacity derived", "mysql-8.0.36", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON", "innodb_log_file_size": "1G"},
			18 * tGiB, "100M", "", ""},
		{"8.0.36, redo set in the file: kept", "mysql-8.0.36", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON", "innodb_redo_log_capacity": "2G"},
			18 * tGiB, "2G", "", ""},
		{"8.0.36, flush method set in the file: kept", "mysql-8.0.36", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON", "innodb_flush_method": "fsync"},
			18 * tGiB, "", "fsync", ""},
		{"MariaDB has no innodb_dedicated_server", "mariadb-10.11", 24 * tGiB, 2, map[string]string{"innodb_dedicated_server": "ON"},
			128 * tMiB, "", "", ""},
	}
}

// TestDedicatedDefaults: with innodb_dedicated_server = ON in a my.cnf
// and no server read, the facts hold what MySQL derives (MySQL 8.4 and
// 8.0 manuals, "Enabling Automatic InnoDB Configuration for a Dedicated
// MySQL Server") for each variable the file leaves unset.
func TestDedicatedDefaults(t *testing.T) {
	cases := dedicatedDefaultsCases()
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

// TestDedicatedRedoBefore8030: MySQL 8.0.14-8.0.29 derive
// innodb_log_file_size and innodb_log_files_in_group from the pool the
// memory gives (the 8.0 manual's Tables 17.10 and 17.11), 8.0.3-8.0.13 the
// file size from memory (WL#9193); below 2 GB on 8.0.14+ the manuals
// disagree, and the facts say so instead of guessing.
func TestDedicatedRedoBefore8030(t *testing.T) {
	cases := []struct {
		name, target string
		mem          uint64
		vars         map[string]string
		size, files  string // Raw innodb_log_file_size, innodb_log_files_in_group
		redoBytes    uint64 // F.RedoCapacityBytes (0: not checked)
		note         string // in Derived["innodb_log_file_size"]
	}{
		{"8.0.29, 24G: pool 18G → 1024M x round(13.5) = 14 files", "mysql-8.0.29", 24 * tGiB, nil, "1G", "14", 14 * tGiB, "x 14 files"},
		{"8.0.29, 6G: pool 4.5G → 512M x round(4.5) = 5 files", "mysql-8.0.29", 6 * tGiB, nil, "512M", "5", 2560 * tMiB, "512M x 5 files"},
		{"8.0.29, 3G: pool 1.5G → 512M x at least 2", "mysql-8.0.29", 3 * tGiB, nil, "512M", "2", tGiB, "x 2 files"},
		{"8.0.29, 512G: pool 384G → 2048M x 64", "mysql-8.0.29", 512 * tGiB, nil, "2G", "64", 128 * tGiB, "x 64 files"},
		{"8.0.29, the pool set: files still from the memory's pool", "mysql-8.0.29", 24 * tGiB, map[string]string{"innodb_buffer_pool_size": "2G"}, "1G", "14", 0, "derived from 24.00 GB"},
		{"8.0.29, file size set: only the files derived", "mysql-8.0.29", 24 * tGiB, map[string]string{"innodb_log_file_size": "256M"}, "256M", "14", 0, ""},
		{"8.0.29, 1.5G: not modelled", "mysql-8.0.29", 1536 * tMiB, nil, "48M", "2", 0, "the manuals' tables disagree"},
		{"8.0.13, 24G: 2048M x 2", "mysql-8.0.13", 24 * tGiB, nil, "2G", "2", 4 * tGiB, "above 16 GB"},
		{"8.0.13, 3G: 128M x 2", "mysql-8.0.13", 3 * tGiB, nil, "128M", "2", 256 * tMiB, "up to 4 GB"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vars := map[string]string{"innodb_dedicated_server": "ON"}
			for k, v := range tc.vars {
				vars[k] = v
			}
			p := profile.Profile{Host: profile.Host{CPU: profile.CPU{Logical: 2}, Memory: profile.Memory{TotalBytes: tc.mem}},
				MyCnf: &profile.MyCnf{Variables: vars}}
			tg, _, err := ResolveTarget(p, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, tg)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Raw["innodb_log_file_size"]; got != tc.size {
				t.Errorf("innodb_log_file_size %q, want %q", got, tc.size)
			}
			if got := f.Raw["innodb_log_files_in_group"]; got != tc.files {
				t.Errorf("innodb_log_files_in_group %q, want %q", got, tc.files)
			}
			if tc.redoBytes != 0 && f.RedoCapacityBytes != tc.redoBytes {
				t.Errorf("redo %s, want %s", Human(f.RedoCapacityBytes), Human(tc.redoBytes))
			}
			if got := f.Derived["innodb_log_file_size"]; !strings.Contains(got, tc.note) {
				t.Errorf("derivation %q, want %q in it", got, tc.note)
			}
		})
	}
}
