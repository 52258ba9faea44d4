package rules

import (
	"fmt"
	"strconv"

	"github.com/mytune/mytune/profile"
)

// FlushLogMax is the largest innodb_flush_log_at_trx_commit each server
// takes: MariaDB 3 (flush at prepare and at commit; MariaDB KB,
// innodb_flush_log_at_trx_commit, range 0-3), MySQL 2 (MySQL 8.4 manual,
// valid values 0, 1, 2). A larger value is adjusted to it at start: MariaDB
// 10.11.19 with 5 in its my.cnf logged "unsigned value 5 adjusted to 3" and
// showed 3.
func FlushLogMax(flavor string) int {
	if flavor == profile.FlavorMariaDB {
		return 3
	}
	return 2
}

// clampFlushLog holds innodb_flush_log_at_trx_commit to FlushLogMax, as the
// server does, and says so.
func (f *Facts) clampFlushLog() {
	if m := FlushLogMax(f.Flavor); f.FlushLogAtTrxCommit > m {
		f.Problems = append(f.Problems, fmt.Sprintf("innodb_flush_log_at_trx_commit = %q: the server adjusts it to %d, its maximum, at start; %d was used",
			f.Raw["innodb_flush_log_at_trx_commit"], m, m))
		f.FlushLogAtTrxCommit = m
		f.Raw["innodb_flush_log_at_trx_commit"] = strconv.Itoa(m)
	}
}

// DurableFlush is true when innodb_flush_log_at_trx_commit syncs the redo
// log at commit: 1, or 3 on MariaDB (flushes at prepare and at commit;
// "1 and 3 guarantees that after a crash, committed transactions will not
// be lost", MariaDB KB, innodb_flush_log_at_trx_commit).
func (f Facts) DurableFlush() bool {
	return f.FlushLogAtTrxCommit == 1 || (f.FlushLogAtTrxCommit == 3 && f.IsMariaDB())
}
