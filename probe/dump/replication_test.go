package dump

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadReplicationStatements holds QA 17: a mariadb-dump --master-data
// --gtid file's CHANGE MASTER and SET GLOBAL gtid_slave_pos are named, the
// commented --master-data=2 form is not.
func TestReadReplicationStatements(t *testing.T) {
	const body = "-- MariaDB dump 10.19  Distrib 10.11.19-MariaDB\nUSE `shop`;\nCREATE TABLE `t` (id int) ENGINE=InnoDB;\nINSERT INTO `t` VALUES (1);\n"
	tests := []struct {
		name, head, tail, want string
	}{
		{"--master-data --gtid", "CHANGE MASTER TO MASTER_USE_GTID=slave_pos;\n", "SET GLOBAL gtid_slave_pos='0-1-17335';\n",
			"CHANGE MASTER TO MASTER_USE_GTID|SET GLOBAL gtid_slave_pos"},
		{"--master-data=2: commented", "-- CHANGE MASTER TO MASTER_LOG_FILE='prim-bin.000002', MASTER_LOG_POS=16365229;\n", "", ""},
		{"MySQL --source-data --set-gtid-purged", "CHANGE REPLICATION SOURCE TO SOURCE_LOG_FILE='b.000001', SOURCE_LOG_POS=157;\n",
			"SET @@GLOBAL.GTID_PURGED=/*!80000 '+'*/ 'uuid:1-5';\n", "CHANGE REPLICATION SOURCE TO SOURCE_LOG_FILE|SET @@GLOBAL.GTID_PURGED"},
		{"none", "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "d.sql")
			if err := os.WriteFile(path, []byte(tc.head+body+tc.tail), 0o644); err != nil {
				t.Fatal(err)
			}
			d, err := Read(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(d.ReplicationStatements, "|"); got != tc.want {
				t.Errorf("ReplicationStatements = %q, want %q", got, tc.want)
			}
			if noted := strings.Contains(strings.Join(d.Notes, "|"), "ERROR 1198"); noted != (tc.want != "") {
				t.Errorf("notes %q: ERROR 1198 note %v, want %v", d.Notes, noted, tc.want != "")
			}
		})
	}
}
