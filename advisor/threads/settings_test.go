package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func server(flavor, version string, vars map[string]string) *profile.Server {
	return &profile.Server{Reachable: true, Flavor: flavor, Version: version, Variables: vars}
}

func TestLoadSettings(t *testing.T) {
	tests := []struct {
		name       string
		srv        *profile.Server
		durability string
		want       []string // setting Apply prefixes, in order
		noteHas    string
	}{
		{"MySQL 8.0.33 relaxed: all four", server("mysql", "8.0.33", map[string]string{"local_infile": "ON", "log_bin": "ON", "sync_binlog": "1", "innodb_flush_log_at_trx_commit": "1"}),
			DurabilityRelaxed, []string{"SET SESSION sql_log_bin = 0", "SET GLOBAL innodb_flush_log_at_trx_commit = 2", "SET GLOBAL sync_binlog = 0", "ALTER INSTANCE DISABLE INNODB REDO_LOG"}, ""},
		{"MySQL 8.0.33 strict: binlog skip only", server("mysql", "8.0.33", map[string]string{"local_infile": "ON", "log_bin": "ON"}),
			DurabilityStrict, []string{"SET SESSION sql_log_bin = 0"}, "durability strict"},
		{"MySQL 8.0.20 relaxed: no redo disable", server("mysql", "8.0.20-log", map[string]string{"local_infile": "ON", "log_bin": "ON"}),
			DurabilityRelaxed, []string{"SET SESSION sql_log_bin = 0", "SET GLOBAL innodb_flush_log_at_trx_commit = 2", "SET GLOBAL sync_binlog = 0"}, "needs MySQL 8.0.21"},
		{"MySQL 9.7.1 relaxed: redo disable", server("mysql", "9.7.1", map[string]string{"local_infile": "ON", "log_bin": "OFF"}),
			DurabilityRelaxed, []string{"SET GLOBAL innodb_flush_log_at_trx_commit = 2", "ALTER INSTANCE DISABLE INNODB REDO_LOG"}, ""},
		{"MariaDB 10.11 relaxed: never redo disable", server("mariadb", "10.11.19-MariaDB-0+deb12u1", map[string]string{"log_bin": "ON"}),
			DurabilityRelaxed, []string{"SET SESSION sql_log_bin = 0", "SET GLOBAL innodb_flush_log_at_trx_commit = 2", "SET GLOBAL sync_binlog = 0"}, "MariaDB has no"},
		{"relaxed already set: nothing to relax", server("mysql", "8.0.33", map[string]string{"local_infile": "ON", "log_bin": "ON", "sync_binlog": "0", "innodb_flush_log_at_trx_commit": "2"}),
			DurabilityRelaxed, []string{"SET SESSION sql_log_bin = 0", "ALTER INSTANCE DISABLE INNODB REDO_LOG"}, ""},
		{"no server: no redo disable", nil, DurabilityRelaxed,
			[]string{"SET SESSION sql_log_bin = 0", "SET GLOBAL local_infile = ON", "SET GLOBAL innodb_flush_log_at_trx_commit = 2", "SET GLOBAL sync_binlog = 0"}, "flavor and version are unknown"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(4, 0, fastCurve, nil)
			p.Server = tc.srv
			plan := Size(p, Options{Task: TaskLoad, Durability: tc.durability})
			var got []string
			for _, s := range plan.Temporary {
				got = append(got, s.Apply)
				if s.Undo == "" {
					t.Errorf("setting %q has no undo", s.Name)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("settings = %q, want %d: %q", got, len(tc.want), tc.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("setting %d = %q, want prefix %q", i, got[i], tc.want[i])
				}
			}
			if tc.noteHas != "" && !strings.Contains(strings.Join(plan.Notes, "|"), tc.noteHas) {
				t.Errorf("notes %q lack %q", plan.Notes, tc.noteHas)
			}
		})
	}
}

func TestRelaxedUndoRestoresCurrent(t *testing.T) {
	p := prof(4, 0, fastCurve, nil)
	p.Server = server("mysql", "8.0.33", map[string]string{"log_bin": "ON", "sync_binlog": "100"})
	plan := Size(p, Options{Task: TaskLoad, Durability: DurabilityRelaxed})
	var undo []string
	for _, s := range plan.Temporary {
		undo = append(undo, s.Undo)
	}
	all := strings.Join(undo, " ")
	for _, want := range []string{"SET GLOBAL sync_binlog = 100;", "SET GLOBAL innodb_flush_log_at_trx_commit = 1;", "ALTER INSTANCE ENABLE INNODB REDO_LOG;"} {
		if !strings.Contains(all, want) {
			t.Errorf("undo statements %q lack %q", undo, want)
		}
	}
	for _, s := range plan.Temporary {
		if strings.HasPrefix(s.Apply, "ALTER INSTANCE") && !strings.Contains(s.Warning, "NOT crash-safe") {
			t.Errorf("redo disable without its crash-safety warning: %q", s.Warning)
		}
	}
}

// TestRelaxedUndoIsTheServers holds QA 17: the undo puts back what the
// server runs, not the advised my.cnf's value, and an advised 2 does not
// leave the redo flush out of the plan of a server running 1.
func TestRelaxedUndoIsTheServers(t *testing.T) {
	tests := []struct {
		name     string
		live     map[string]string
		advised  map[string]string
		want     []string // apply → undo pairs, joined
		riskHas  string
		riskNone bool
	}{
		{"advised sync_binlog 1000, server 1", map[string]string{"log_bin": "ON", "sync_binlog": "1", "innodb_flush_log_at_trx_commit": "2"},
			map[string]string{"sync_binlog": "1000"}, []string{"SET GLOBAL sync_binlog = 0; → SET GLOBAL sync_binlog = 1;"}, "the advised my.cnf sets 1000", false},
		{"advised flush 2, server 1", map[string]string{"log_bin": "OFF", "innodb_flush_log_at_trx_commit": "1"},
			map[string]string{"innodb_flush_log_at_trx_commit": "2"}, []string{"SET GLOBAL innodb_flush_log_at_trx_commit = 2; → SET GLOBAL innodb_flush_log_at_trx_commit = 1;"}, "the advised my.cnf sets 2", false},
		{"advised as the server", map[string]string{"log_bin": "ON", "sync_binlog": "1", "innodb_flush_log_at_trx_commit": "1"},
			map[string]string{"sync_binlog": "1"}, []string{"SET GLOBAL innodb_flush_log_at_trx_commit = 2; → SET GLOBAL innodb_flush_log_at_trx_commit = 1;", "SET GLOBAL sync_binlog = 0; → SET GLOBAL sync_binlog = 1;"}, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(4, 0, fastCurve, nil)
			p.Server = server("mariadb", "10.11.19-MariaDB", tc.live)
			plan := Size(p, Options{Task: TaskLoad, Durability: DurabilityRelaxed, Advised: tc.advised})
			var got, risks []string
			for _, s := range plan.Temporary {
				if strings.Contains(s.Apply, "flush_log_at_trx_commit") || strings.Contains(s.Apply, "sync_binlog") {
					got, risks = append(got, s.Apply+" → "+s.Undo), append(risks, s.Warning)
				}
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("settings %q, want %q", got, tc.want)
			}
			all := strings.Join(risks, "|")
			if tc.riskNone && strings.Contains(all, "advised my.cnf") || !strings.Contains(all, tc.riskHas) {
				t.Errorf("risks %q, want %q", all, tc.riskHas)
			}
		})
	}
}
