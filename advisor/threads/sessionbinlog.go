package threads

import (
	"github.com/mytune/mytune/profile"
)

// SessionBinlogOffWarning says that a mysqldump file turns the binary log
// off for its own session (Dump.SessionBinlogOff: MySQL's mysqldump writes
// "SET @@SESSION.SQL_LOG_BIN= 0;" with GTIDs on), so its rows stay out of
// the target's binary log whatever the mysql line says, and that an
// account that may not set sql_log_bin stops there. Run on 2026-12-07
// against MariaDB 10.11.19 (log_bin ON, docs/benchmarks/live-server.md):
// as root the file loaded and the binary log gained no event of it (19
// events without that line); as an account with ALL on the database only
// it stopped at the line ("ERROR 1227 (42000) at line 13: Access denied;
// you need (at least one of) the SUPER, BINLOG ADMIN privilege(s)", exit
// 1) with nothing loaded. "" when the file has no such line.
func SessionBinlogOffWarning(p *profile.Profile, o Options) string {
	d := p.Dump
	if d == nil || d.Format != "mysqldump" || !d.SessionBinlogOff {
		return ""
	}
	t := targetOf(p, o)
	return "the file turns the binary log off for its own session (SET @@SESSION.SQL_LOG_BIN= 0, which MySQL's mysqldump writes with GTIDs " +
		"on): whatever the mysql line says, its rows stay out of TARGET's binary log, so its replicas and point-in-time recovery get none " +
		"of them; and the loading account needs " + profile.SkipBinlogPrivileges(t.Flavor, t.Version) + ": without it the load stops " +
		"at that line before loading anything (MariaDB 10.11.19: \"ERROR 1227 (42000) at line …: Access denied; you need (at least one " +
		"of) the SUPER, BINLOG ADMIN privilege(s)\", exit 1). To have the binary log written, take that line out (and any SET " +
		"@@GLOBAL.GTID_PURGED) or dump again with --set-gtid-purged=OFF"
}
