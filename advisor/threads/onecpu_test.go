package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestOneCPUFullRedo: on one CPU the plan keeps its load threads (8 per
// core, the count measured to finish) and warns against more when the redo
// log the load runs with cannot hold its redo, and only then (the 152 MB
// sysbench dump writes 168-187 MiB of redo; a 96M MariaDB log's async
// point is 67.4 MiB).
func TestOneCPUFullRedo(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/backup/shop", FileBytes: 152e6, TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	tests := []struct {
		name    string
		cores   int
		version string // "" for no server read
		freeGiB uint64
		want    int
		warned  bool
	}{
		{name: "one CPU, MariaDB 10.6's 96M log (restart only): cannot hold, warned", cores: 1, version: "10.6.18-MariaDB", freeGiB: 6, want: 8, warned: true},
		{name: "one CPU, MariaDB 10.11, 1 GiB free: the log cannot grow enough, warned", cores: 1, version: "10.11.19-MariaDB", freeGiB: 1, want: 8, warned: true},
		{name: "one CPU, MariaDB 10.11, 6 GiB free: grown online to hold it", cores: 1, version: "10.11.19-MariaDB", freeGiB: 6, want: 8},
		{name: "two CPUs, MariaDB 10.6's 96M log: 16 ran at 96M in 9.2 s", cores: 2, version: "10.6.18-MariaDB", freeGiB: 6, want: 16},
		{name: "one CPU, no server read: limits unknown", cores: 1, freeGiB: 6, want: 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(tc.cores, 0, fastCurve, d)
			p.Storage.FreeBytes = tc.freeGiB << 30
			opts := Options{Task: TaskLoad}
			if tc.version != "" {
				p.Server = server("mariadb", tc.version, map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": "100663296", "hostname": "db1", "port": "3306"})
				p.Server.Datadir = "/var/lib/mysql"
			} else {
				opts.Advised = map[string]string{"innodb_buffer_pool_size": "16G"}
			}
			plan := Size(p, opts)
			if plan.Load.Threads != tc.want {
				t.Errorf("load threads %d, want %d (%s)", plan.Load.Threads, tc.want, plan.Load.Why)
			}
			notes := strings.Join(plan.Notes, "|")
			if got := strings.Contains(notes, "one CPU and a redo log that cannot hold the load: do not raise the load above 8 threads"); got != tc.warned {
				t.Errorf("the warning given: %v, want %v (%s)", got, tc.warned, notes)
			}
		})
	}
}
