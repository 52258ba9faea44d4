package dump

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestHistoryRows: the header line mariadb-dump 10.11.19 --dump-history
// writes (review r56, a dump of a versioned sv.acct) marks the file's rows
// as carrying their history; its restore at the end, a SET of 0 and a
// comment do not.
func TestHistoryRows(t *testing.T) {
	head := "-- MariaDB dump 10.19-11.8.3-MariaDB, for debian-linux-gnu (x86_64)\n/*!40101 SET NAMES utf8mb4 */;\n" +
		"/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;\n"
	tail := "CREATE TABLE `acct` (\n  `id` int(11) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB WITH SYSTEM VERSIONING;\n" +
		"INSERT INTO `acct` (`id`, row_start, row_end) VALUES (1,'2026-12-07 09:00:00.000000','2038-01-19 03:14:07.999999');\n" +
		"/*M!101100 SET system_versioning_insert_history=@old_system_versioning_insert_history */;\n-- Dump completed on 2026-12-07  9:01:02\n"
	cases := []struct {
		name, line string
		want       bool
	}{
		{"mariadb-dump --dump-history", "/*M!101100 SET @old_system_versioning_insert_history=@@session.system_versioning_insert_history, " +
			"@@session.system_versioning_insert_history=1 */;\n", true},
		{"SET SESSION form", "SET SESSION system_versioning_insert_history = ON;\n", true},
		{"without --dump-history", "", false},
		{"set to 0", "SET system_versioning_insert_history=0;\n", false},
		{"a comment", "-- SET system_versioning_insert_history=1;\n", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "dump.sql")
			if err := os.WriteFile(path, []byte(head+c.line+tail), 0o600); err != nil {
				t.Fatal(err)
			}
			d, err := Read(context.Background(), path)
			if err != nil {
				t.Fatal(err)
			}
			if d.HistoryRows != c.want {
				t.Errorf("history rows %v, want %v", d.HistoryRows, c.want)
			}
			if len(d.VersionedTables) != 1 {
				t.Errorf("versioned tables %v, want the one", d.VersionedTables)
			}
		})
	}
}
