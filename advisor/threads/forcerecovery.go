package threads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ForceRecovery is the server's innodb_force_recovery, 0 when it is off,
// not shown or not a number.
func ForceRecovery(p *profile.Profile) int {
	if p == nil || p.Server == nil {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimSpace(p.Server.Variables["innodb_force_recovery"]))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// ForceRecoveryWarning is the warning for a load planned against a server
// started with innodb_force_recovery, "" for any other (review r12: a
// MariaDB 10.11 at innodb_force_recovery = 6, innodb_read_only ON, got a
// load plan, its lines and a restore time of 100-300 ms, and no word that
// every INSERT would fail).
func ForceRecoveryWarning(p *profile.Profile) string {
	n := ForceRecovery(p)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("DO NOT load into this server as it is: it runs with innodb_force_recovery = %d, started to rescue "+
		"the data of a damaged InnoDB, not to serve: %s. Dump what it still reads, then restart it without "+
		"innodb_force_recovery (or rebuild it and restore that dump) before loading", n, forceRecoveryEffect(p, n))
}

// forceRecoveryEffect says what the level does to writes (MySQL 8.4
// manual and MariaDB KB, "InnoDB Recovery Modes": from 4 InnoDB is read
// only; below, it skips what it could not recover).
func forceRecoveryEffect(p *profile.Profile, n int) string {
	if v := p.Server.Variables["innodb_read_only"]; v != "" && readOnlyOn(v) {
		return "InnoDB is read-only (innodb_read_only is ON), so every CREATE TABLE and INSERT of the load fails"
	}
	if n >= 4 {
		return "from 4 up InnoDB is read-only, so every CREATE TABLE and INSERT of the load fails"
	}
	return "InnoDB skips what it could not recover (corrupt pages; at 3, the rollback of unfinished transactions), " +
		"so the load writes into tables it may not have repaired"
}
