package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLocalInfile: a printed util.loadDump or util.copyInstance line on a
// MySQL 8.0+ target comes with local_infile turned ON and back OFF.
func TestLocalInfile(t *testing.T) {
	shell := &profile.Dump{Format: "mysqlsh", Path: "/b/sh", TotalBytes: 40e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	myd := &profile.Dump{Format: "mydumper", Path: "/b/my", TotalBytes: 40e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	ld := &profile.Dump{Format: "mydumper", Path: "/b/ld", TotalBytes: 40e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24, LoadData: true}
	tests := []struct {
		name    string
		srv     *profile.Server
		target  profile.Target
		dump    *profile.Dump
		task    string
		offered bool
		nameHas string
	}{
		{"MySQL 8.0 server, local_infile OFF, loadDump: offered", server("mysql", "8.0.36", map[string]string{"local_infile": "OFF"}), profile.Target{}, shell, TaskLoad, true, "local_infile is OFF: the server"},
		{"MySQL 8.4 server, local_infile ON: nothing", server("mysql", "8.4.3", map[string]string{"local_infile": "ON"}), profile.Target{}, shell, TaskLoad, false, ""},
		{"--target mysql-8.4, no server: its default OFF", nil, profile.Target{Flavor: "mysql", Version: "8.4", Source: "flag"}, shell, TaskLoad, true, "MySQL 8.0's default"},
		{"--target mysql-5.7: ON by default, nothing", nil, profile.Target{Flavor: "mysql", Version: "5.7.44", Source: "flag"}, shell, TaskLoad, false, ""},
		{"MySQL 8.0, mydumper dump: myloader only, nothing", server("mysql", "8.0.36", map[string]string{"local_infile": "OFF"}), profile.Target{}, myd, TaskLoad, false, ""},
		{"MySQL 8.0, copy task: copyInstance loads too", server("mysql", "8.0.36", map[string]string{"local_infile": "OFF"}), profile.Target{}, nil, TaskCopy, true, ""},
		{"MariaDB: no mysqlsh lines, nothing", server("mariadb", "10.11.19-MariaDB", map[string]string{"local_infile": "OFF"}), profile.Target{}, nil, TaskAll, false, ""},
		{"unknown target: both tool families, conditional", nil, profile.Target{}, nil, TaskLoad, true, "skip it if local_infile is already ON"},
		{"MySQL 8.0, mydumper --load-data dump: myloader's LOAD DATA LOCAL, offered", server("mysql", "8.0.36", map[string]string{"local_infile": "OFF"}), profile.Target{}, ld, TaskLoad, true, "for the myloader load (local_infile is OFF: the server"},
		{"MySQL 8.0, --load-data dump, task all: both loads", server("mysql", "8.0.36", map[string]string{"local_infile": "OFF"}), profile.Target{}, ld, TaskAll, true, "for the mysqlsh and myloader loads"},
		{"MariaDB, --load-data dump: nothing", server("mariadb", "10.11.19-MariaDB", map[string]string{"local_infile": "OFF"}), profile.Target{}, ld, TaskLoad, false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, tc.dump)
			p.Server = tc.srv
			plan := Size(p, Options{Task: tc.task, Target: tc.target})
			var got *Setting
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "local_infile") {
					got = &plan.Temporary[i]
				}
			}
			if (got != nil) != tc.offered {
				t.Fatalf("local_infile offered = %v, want %v; commands %q", got != nil, tc.offered, plan.Commands)
			}
			if got == nil {
				return
			}
			if got.Apply != "SET GLOBAL local_infile = ON;" || got.Undo != "SET GLOBAL local_infile = OFF;" {
				t.Errorf("apply %q undo %q", got.Apply, got.Undo)
			}
			if !strings.Contains(got.Name, tc.nameHas) || got.Warning == "" {
				t.Errorf("name %q lacks %q, or no risk: %q", got.Name, tc.nameHas, got.Warning)
			}
			if strings.Contains(got.Name, "mysqlsh") != strings.Contains(strings.Join(plan.Commands, "\n"), "mysqlsh") {
				t.Errorf("%q beside the lines %q", got.Name, plan.Commands)
			}
		})
	}
}

// TestLoadDataLoaderNote: a mydumper --load-data dump's myloader line says
// it needs the dump's own myloader release (0.10 fails on the .dat files).
func TestLoadDataLoaderNote(t *testing.T) {
	cases := []struct {
		name     string
		loadData bool
		want     bool
	}{
		{"--load-data dump: noted", true, true},
		{"ordinary dump: no note", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mydumper", Path: "/b/ld", TotalBytes: 40e6, Tables: 2, Chunks: 5, LoadData: c.loadData}
			notes := strings.Join(Size(prof(2, 0, fastCurve, d), Options{Task: TaskLoad}).Notes, "|")
			if got := strings.Contains(notes, "myloader 0.10 (Debian 12) fails on them (\"File 'db.t.00000.dat' not found\", exit 1)"); got != c.want {
				t.Errorf("notes %s\nwith the --load-data note: %v, want %v", notes, got, c.want)
			}
		})
	}
}
