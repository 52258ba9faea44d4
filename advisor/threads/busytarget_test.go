package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestBusyTargetWarning: a load into a live target that other sessions
// use is warned about before its lines (review r30: a 2-session sysbench
// on `app` fell from 313-563 to 16-28 transactions/s during the load, and
// the plan said nothing of it).
func TestBusyTargetWarning(t *testing.T) {
	live := func(connected string, readers int, mod func(*profile.Server)) *profile.Server {
		s := server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "402653184"})
		s.Source, s.ReaderConnections = "server", readers
		s.Status = map[string]string{"threads_connected": connected}
		if mod != nil {
			mod(s)
		}
		return s
	}
	cases := []struct {
		name   string
		srv    *profile.Server
		others int
		has    string // "" for no warning
	}{
		{name: "live, review r30's read: 3 connected, mytune's 1, 1.3 MiB/s of redo sampled",
			srv: live("3", 1, func(s *profile.Server) { s.RedoBytesPerS, s.RedoRateBasis = 1403504, "sampled 2s" }), others: 2,
			has: "TARGET is not idle: 2 other sessions connected when it was read (Threads_connected 3, less mytune's own and any replica's), writing 1.3 MiB/s of redo over the sample. The load's 8 sessions share"},
		{name: "idle: only mytune's own session", srv: live("1", 1, nil), others: 0},
		{name: "mytune's reader count not recorded: one is assumed", srv: live("2", 0, nil), others: 1, has: "1 other session connected"},
		{name: "a lifetime redo rate is not called a sample", srv: live("4", 2, func(s *profile.Server) { s.RedoBytesPerS, s.RedoRateBasis = 5e5, "lifetime" }), others: 2,
			has: "less mytune's own and any replica's). The load's"},
		{name: "a replica's binlog dump session is not a client",
			srv: live("3", 1, func(s *profile.Server) { s.Replication = &profile.Replication{Replicas: 2} }), others: 0},
		{name: "saved SHOW output, not a live read", srv: live("9", 1, func(s *profile.Server) { s.Source = profile.ServerSourceCapture }), others: -1},
		{name: "Threads_connected unread", srv: live("", 1, nil), others: -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, dump40)
			p.Server = tc.srv
			if got := otherSessions(p); got != tc.others {
				t.Errorf("otherSessions = %d, want %d", got, tc.others)
			}
			plan := Size(p, Options{Task: TaskLoad})
			var got string
			for _, w := range plan.Warnings {
				if strings.HasPrefix(w, "TARGET is not idle") {
					got = w
				}
			}
			if tc.has == "" && got != "" || tc.has != "" && !strings.Contains(got, tc.has) {
				t.Errorf("warning %q, want one holding %q", got, tc.has)
			}
		})
	}
}
