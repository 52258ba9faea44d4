package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// DropTableSyncs is the syncs a DROP TABLE IF EXISTS of a table that is not
// there costs MariaDB 10.11.19: 6, every one of its DDL log
// (ddl_recovery.log, the atomic-DDL log of MariaDB 10.6 and later), read
// from the server, not fitted to times (testdata/ddl-syncs/,
// scripts/measure-ddl-syncs.sh: 150 syncs for 25 statements). mysqldump
// writes one before each CREATE TABLE (its --add-drop-table is on by
// default), so a load into a target without the tables pays them for
// each, at the price of a commit in time.
const DropTableSyncs = 6

// DropSyncIOs is the write I/Os one of those syncs costs the disk: with
// IOsPerRuleSyncOne at 0.55-0.68 a growth sync, every strict run of
// testdata/mysqldump-fit/ and binlog-sync-fit's skipped loads (2-25
// tables, 28-102 growth syncs a table) holds the floor's low end up to
// 2.56 and its high end from 1.89 (a DDL-log entry and its header, two
// blocks a sync, would make 2); 2.25 chosen. The load of myloader's tiny
// tables, which drops nothing, showed no such cost a table
// (table-io-fit-strict, table-cost-observed at one session).
const DropSyncIOs = 2.25

// dropSyncs is the syncs a mysqldump file's DROP TABLE IF EXISTS lines
// cost its load (DropTableSyncs a table), and how they are said; 0 for
// other dumps and for a file dumped with --skip-add-drop-table.
func dropSyncs(d *profile.Dump) (float64, string) {
	if d == nil || d.Format != "mysqldump" || !d.DropsTables || d.Tables <= 0 {
		return 0, ""
	}
	return float64(d.Tables * DropTableSyncs), fmt.Sprintf(" + %s × %d (its DROP TABLE IF EXISTS: MariaDB's DDL log)", dumpTables(d), DropTableSyncs)
}
