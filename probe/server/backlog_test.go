package server

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestFillReplicaBacklog: the relay logs' bytes are summed over channels;
// the transactions queued are Gtid_IO_Pos less Gtid_Slave_Pos per domain,
// only for a replica by GTID position with both columns.
func TestFillReplicaBacklog(t *testing.T) {
	row := func(using, io, applied, space string) map[string]string {
		m := map[string]string{"slave_io_running": "Yes", "slave_sql_running": "Yes", "seconds_behind_master": "36",
			"using_gtid": using, "relay_log_space": space}
		if io != "" {
			m["gtid_io_pos"], m["gtid_slave_pos"] = io, applied
		}
		return m
	}
	cases := []struct {
		name   string
		rows   []map[string]string
		relay  uint64
		queued int64 // -1: nil
	}{
		{"one domain, 229k behind (review r49's replica)", []map[string]string{row("Slave_Pos", "0-1-230000", "0-1-866", "541234567")}, 541234567, 229134},
		{"two channels, two domains", []map[string]string{row("Slave_Pos", "1-1-500", "1-1-400,2-2-90", "1000"),
			row("Slave_Pos", "2-2-100", "1-1-400,2-2-90", "2000")}, 3000, 110},
		{"caught up", []map[string]string{row("Slave_Pos", "0-1-900", "0-1-900", "4096")}, 4096, 0},
		{"by file position: relay bytes only", []map[string]string{row("No", "", "", "8192")}, 8192, -1},
		{"GTID but no position columns", []map[string]string{row("Slave_Pos", "", "", "")}, 0, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep := &profile.Replication{}
			fillReplica(rep, c.rows)
			got := int64(-1)
			if rep.QueuedTransactions != nil {
				got = *rep.QueuedTransactions
			}
			if rep.RelayLogBytes != c.relay || got != c.queued {
				t.Errorf("relay %d queued %d, want %d %d", rep.RelayLogBytes, got, c.relay, c.queued)
			}
		})
	}
}
