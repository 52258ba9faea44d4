package advisor

import (
	"fmt"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// ForceRecoveryID is the finding that the server runs with
// innodb_force_recovery.
const ForceRecoveryID = "server.force_recovery"

// forceRecoveryRefs: what each level skips, and that from 4 InnoDB is read
// only (MySQL 8.4 manual, "Forcing InnoDB Recovery"; MariaDB KB, "InnoDB
// Recovery Modes").
var forceRecoveryRefs = []string{
	"https://dev.mysql.com/doc/refman/8.4/en/forcing-innodb-recovery.html",
	"https://mariadb.com/kb/en/innodb-recovery-modes/",
}

// forceRecovery is a crit finding for a server started with
// innodb_force_recovery above 0, whatever the task: such a server is being
// rescued, and the settings advised are for it restarted without it
// (review r12: MariaDB 10.11 at innodb_force_recovery = 6 got 0 crit, a
// restore plan, and innodb_doublewrite OFF → ON, which it is only because
// InnoDB runs read-only).
func forceRecovery(p profile.Profile) []Finding {
	n := threads.ForceRecovery(&p)
	if n == 0 {
		return nil
	}
	return []Finding{{ID: ForceRecoveryID, Severity: SeverityCrit, Category: "hygiene",
		Summary: fmt.Sprintf("The server runs with innodb_force_recovery = %d: it is being rescued, not serving", n),
		Detail: fmt.Sprintf("innodb_force_recovery = %d starts InnoDB past damage it could not recover, to get the data out: "+
			"dump what it still reads, then restart it without innodb_force_recovery (or rebuild it and restore that dump). "+
			"Do not load into it or tune it as it is: the settings advised here are for the server restarted normally, and "+
			"what it reports now (innodb_read_only, innodb_doublewrite OFF) is the recovery mode's; run mytune again then",
			n), References: forceRecoveryRefs}}
}
