package server

import (
	"errors"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestRoleOf(t *testing.T) {
	stopped := map[string]string{"slave_io_running": "No", "slave_sql_running": "No", "seconds_behind_master": ""}
	running := map[string]string{"slave_io_running": "Yes", "slave_sql_running": "Yes", "seconds_behind_master": "0"}
	connecting := map[string]string{"slave_io_running": "Connecting", "slave_sql_running": "Yes"}
	tests := []struct {
		name               string
		rows               []map[string]string
		connected          int
		role               string
		replicas, leftover int
		running            bool
	}{
		// QA 17: CHANGE MASTER TO …; RESET SLAVE (no ALL) on a primary, Slaves_connected 1
		{"stopped leftover, a replica connected: source", []map[string]string{stopped}, 1, profile.RoleSource, 1, 1, false},
		{"stopped, none connected: stopped replica", []map[string]string{stopped}, 0, profile.RoleReplica, 0, 0, false},
		{"running, a replica connected: intermediate replica", []map[string]string{running}, 1, profile.RoleReplica, 1, 0, true},
		{"connecting, a replica connected: replica", []map[string]string{connecting}, 1, profile.RoleReplica, 1, 0, false},
		{"no rows, connected: source", nil, 2, profile.RoleSource, 2, 0, false},
		{"no rows, none: standalone", nil, 0, profile.RoleStandalone, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := &profile.Replication{Role: profile.RoleUnknown, SecondsBehind: -1}
			roleOf(rep, tc.rows, tc.connected)
			if rep.Role != tc.role || rep.Replicas != tc.replicas || rep.LeftoverChannels != tc.leftover || rep.Running != tc.running {
				t.Errorf("got %+v, want role %s replicas %d leftover %d running %v", *rep, tc.role, tc.replicas, tc.leftover, tc.running)
			}
		})
	}
}

func TestFillReplicaLagPerChannel(t *testing.T) {
	ch := func(lag, delay string) map[string]string {
		return map[string]string{"slave_io_running": "Yes", "slave_sql_running": "Yes", "seconds_behind_master": lag, "sql_delay": delay}
	}
	tests := []struct {
		name   string
		rows   []map[string]string
		beyond int64
	}{
		// QA 17: channel '' 29 s behind, channel 'b' (MASTER_DELAY 3600) at 37 s
		{"multi-source: one lags, the delayed one within its delay", []map[string]string{ch("29", "0"), ch("37", "3600")}, 29},
		{"one delayed channel at its delay", []map[string]string{ch("40", "40")}, 0},
		{"one delayed channel beyond its delay", []map[string]string{ch("100", "40")}, 60},
		{"lag unknown", []map[string]string{ch("", "0")}, -1},
		{"one known, one NULL", []map[string]string{ch("", "0"), ch("5", "0")}, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := &profile.Replication{SecondsBehind: -1}
			fillReplica(rep, tc.rows)
			if got := rep.LagBeyondDelay(); got != tc.beyond {
				t.Errorf("LagBeyondDelay = %d, want %d (%+v)", got, tc.beyond, *rep)
			}
		})
	}
}

func TestRoleOfReadUnreadStatus(t *testing.T) {
	denied := errors.New("Error 1227: Access denied; you need (at least one of) the SUPER, SLAVE MONITOR privilege(s)")
	running := map[string]string{"slave_io_running": "Yes", "slave_sql_running": "Yes", "seconds_behind_master": "0"}
	tests := []struct {
		name      string
		rows      []map[string]string
		err       error
		connected int
		role      string
		replicas  int
	}{
		// review r7: a USAGE account on a source with Slaves_connected 1
		{"status denied, a replica connected: a source with 1 replica", nil, denied, 1, profile.RoleSource, 1},
		{"status denied, none connected: unknown", nil, denied, 0, profile.RoleUnknown, 0},
		{"status denied, counter unread: unknown", nil, denied, -1, profile.RoleUnknown, 0},
		{"status read, a replica connected: source", nil, nil, 1, profile.RoleSource, 1},
		{"status read, running: replica", []map[string]string{running}, nil, 0, profile.RoleReplica, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := &profile.Replication{Role: profile.RoleUnknown, SecondsBehind: -1}
			roleOfRead(rep, tc.rows, tc.err, tc.connected)
			if rep.Role != tc.role || rep.Replicas != tc.replicas {
				t.Errorf("got role %s replicas %d, want %s %d", rep.Role, rep.Replicas, tc.role, tc.replicas)
			}
		})
	}
}
