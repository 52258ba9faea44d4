package server

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestFillReplicaByGTID: a MariaDB replica is by GTID position only when
// every channel's Using_Gtid is Slave_Pos or Current_Pos (review r24).
func TestFillReplicaByGTID(t *testing.T) {
	row := func(using string) map[string]string {
		return map[string]string{"slave_io_running": "Yes", "slave_sql_running": "Yes", "seconds_behind_master": "0", "using_gtid": using}
	}
	cases := []struct {
		name string
		rows []map[string]string
		want bool
	}{
		{"Slave_Pos", []map[string]string{row("Slave_Pos")}, true},
		{"Current_Pos", []map[string]string{row("Current_Pos")}, true},
		{"file and position", []map[string]string{row("No")}, false},
		{"one channel of two by file", []map[string]string{row("Slave_Pos"), row("No")}, false},
		{"MySQL: no Using_Gtid column", []map[string]string{{"replica_io_running": "Yes", "replica_sql_running": "Yes"}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep := &profile.Replication{}
			fillReplica(rep, c.rows)
			if rep.GTIDPosition != c.want {
				t.Errorf("GTIDPosition %v, want %v", rep.GTIDPosition, c.want)
			}
		})
	}
}
