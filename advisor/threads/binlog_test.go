package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestBinlogSkipOffered: "skip the binary log" only where the binary log
// is (or may be) on, worded as a condition when nothing says.
func TestBinlogSkipOffered(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 40e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	tests := []struct {
		name    string
		srv     *profile.Server
		cnf     map[string]string
		target  profile.Target
		want    string // BinlogOn, BinlogOff, BinlogUnknown
		nameHas string
	}{
		{"MariaDB server, log_bin OFF: not offered", server("mariadb", "10.11.19-MariaDB", map[string]string{"log_bin": "OFF"}), nil, profile.Target{}, BinlogOff, ""},
		{"MariaDB server, log_bin ON: offered", server("mariadb", "10.11.19-MariaDB", map[string]string{"log_bin": "ON"}), nil, profile.Target{}, BinlogOn, "skip the binary log while loading"},
		{"MariaDB my.cnf with log-bin=NAME (read as ON): offered", nil, map[string]string{"log_bin": "ON", "log_bin_basename": "mysql-bin"},
			profile.Target{Flavor: "mariadb", Version: "10.11", Source: "mycnf"}, BinlogOn, ""},
		{"MariaDB my.cnf without log-bin: default OFF, not offered", nil, map[string]string{"innodb_buffer_pool_size": "1G"},
			profile.Target{Flavor: "mariadb", Version: "10.11", Source: "mycnf"}, BinlogOff, ""},
		{"MySQL 8.0 my.cnf without log-bin: default ON, offered", nil, map[string]string{"innodb_buffer_pool_size": "1G"},
			profile.Target{Flavor: "mysql", Version: "8.0.36", Source: "flag"}, BinlogOn, ""},
		{"MySQL 8.0 my.cnf with skip-log-bin: not offered", nil, map[string]string{"log_bin": "OFF"},
			profile.Target{Flavor: "mysql", Version: "8.0.36", Source: "flag"}, BinlogOff, ""},
		{"MySQL 5.7 my.cnf without log-bin: default OFF", nil, map[string]string{}, profile.Target{Flavor: "mysql", Version: "5.7.44", Source: "flag"}, BinlogOff, ""},
		{"no server, --target mariadb-10.11: if it is on", nil, nil, profile.Target{Flavor: "mariadb", Version: "10.11", Source: "flag"}, BinlogUnknown,
			"if the binary log is on (log_bin: no server or my.cnf was read; MariaDB's log_bin defaults to OFF)"},
		{"no server, --target mysql-8.4: if it is on", nil, nil, profile.Target{Flavor: "mysql", Version: "8.4", Source: "flag"}, BinlogUnknown,
			"MySQL 8.0 and later write it by default"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, d)
			p.Server = tc.srv
			if tc.cnf != nil {
				p.MyCnf = &profile.MyCnf{Path: "/etc/my.cnf", Variables: tc.cnf}
			}
			o := Options{Task: TaskLoad, Target: tc.target}
			if got := binlogState(p, o); got != tc.want {
				t.Errorf("binlogState = %q, want %q", got, tc.want)
			}
			var skip *Setting
			plan := Size(p, o)
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "sql_log_bin = 0") {
					skip = &plan.Temporary[i]
				}
			}
			if (skip != nil) != (tc.want != BinlogOff) {
				t.Fatalf("skip offered = %v with the binary log %s", skip != nil, tc.want)
			}
			if skip != nil && !strings.Contains(skip.Name, tc.nameHas) {
				t.Errorf("name %q lacks %q", skip.Name, tc.nameHas)
			}
		})
	}
}
