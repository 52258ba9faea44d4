package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ReplicasConnected is how many replicas read the live server's binary
// log (profile.Replication.Replicas: MariaDB's Slaves_connected, MySQL's
// Binlog Dump threads); 0 when none are, or no server was read.
func ReplicasConnected(p *profile.Profile) int {
	if p == nil || p.Server == nil || p.Server.Replication == nil {
		return 0
	}
	return p.Server.Replication.Replicas
}

// replicating is true when a load into the live server must write its
// binary log: replicas read it, and a load that skips it reaches none of
// them (QA 17: myloader 0.10's default SQL_LOG_BIN=0 left the replica
// without the schema; it reported healthy and stopped with error 1146 on
// the next write to a loaded table).
func replicating(p *profile.Profile, o Options) bool {
	return (ReplicasConnected(p) > 0 || replicasUnknown(p)) && binlogState(p, o) != BinlogOff
}

// replicasUnknown is true when the live server was read but whether
// replicas read its binary log was not (profile.Replication.ReplicasUnknown):
// the load lines then write the binary log, as for a source, since a load
// that skips it on a source reaches no replica.
func replicasUnknown(p *profile.Profile) bool {
	return p != nil && p.Server != nil && p.Server.Replication != nil && p.Server.Replication.ReplicasUnknown &&
		p.Server.Replication.Replicas == 0
}

// replicasUnknownNote is replicatingNote when whether replicas are
// connected is not known (replicasUnknown).
func replicasUnknownNote(format string) string {
	skip := "drop --enable-binlog from the myloader line (myloader 0.10 then sets SQL_LOG_BIN=0)"
	if format == "mysqldump" {
		skip = "add " + InitSkipBinlog + " to the mysql line"
	}
	return "whether replicas read this server's binary log could not be read (the account saw no other user's session: " +
		"without PROCESS, MySQL hides the replicas' Binlog Dump threads from it; or no one else was connected), so the load " +
		"lines write the binary log (myloader --enable-binlog; the mysql line without sql_log_bin=0), as on a replication " +
		"source. SHOW REPLICAS as an account with REPLICATION SLAVE (or PROCESS) lists them; only if no replica reads this " +
		"server, to load faster without the binary log, " + skip
}

// replicatingNote says, first among the plan's notes, that the load lines
// write the binary log because replicas read it, and what the variant
// that skips it does (format is the dump's: mysqldump, mydumper, ...).
func replicatingNote(n int, format string) string {
	skip := "drop --enable-binlog from the myloader line (myloader 0.10 then sets SQL_LOG_BIN=0)"
	if format == "mysqldump" {
		skip = "add " + InitSkipBinlog + " to the mysql line"
	}
	return fmt.Sprintf("this server is a replication source with %s connected, so the load lines write the binary log "+
		"(myloader --enable-binlog; the mysql line without sql_log_bin=0) and the schema and rows reach the replicas. "+
		"Only as an alternative, to load faster without the binary log, %s: then neither the schema nor the rows reach the replicas, "+
		"which keep reporting healthy and stop at the next replicated write to a loaded table (error 1146), or silently differ "+
		"where the file drops and re-creates tables they have; load every replica the same way yourself, and take a fresh backup after",
		count(n, "replica"), skip)
}

// ReplicaTargetWarning is the warning for a load planned against a
// replica or a read_only server, "" for any other: writing to a replica
// makes it differ from its source (QA 17: the mysql line into the
// read_only replica exited 0 and its checksums no longer matched the
// source's; an account with SUPER or READ_ONLY ADMIN writes through
// read_only, on MariaDB 10.11+ only READ_ONLY ADMIN: ReadOnlyWritePrivileges).
func ReplicaTargetWarning(p *profile.Profile) string {
	if p == nil || p.Server == nil {
		return ""
	}
	var why []string
	if r := p.Server.Replication; r != nil && r.Role == profile.RoleReplica {
		why = append(why, fmt.Sprintf("it is a replica (%s)", count(r.Channels, "replication channel")))
	}
	roText := strings.TrimSpace(p.Server.Variables["read_only"])
	ro := roText != "" && readOnlyOn(roText)
	if ro {
		why = append(why, "it is read_only")
		if ReadOnlyRoleUnknown(p) {
			// review r58: an account without SLAVE MONITOR (SHOW ALL SLAVES
			// STATUS refused) was told the server is a replica
			why[len(why)-1] += " and may be a replica (its replication status could not be read: see the gaps)"
		}
	}
	if len(why) == 0 {
		return ""
	}
	writer := "an account with " + profile.ReadOnlyWritePrivileges(p.Server.Flavor, p.Server.Version) + " writes through read_only"
	if roText != "" && !ro {
		// review r28: a MariaDB 10.11.19 replica with read_only OFF was told only READ_ONLY ADMIN writes through read_only
		writer = "read_only is " + roText + " here, so any account with the write privileges writes"
	}
	if ReadOnlyNotReplica(p) {
		return "DO NOT load into this server as it is: it is read_only, though it replicates from no source (its replication " +
			"status was read): someone set it so on purpose (a standby, a maintenance window, a server being retired), and " +
			writer + ", the load lines exiting 0. Find out why first; " +
			"if it is to take the load, SET GLOBAL read_only = OFF (and take read_only out of its my.cnf)"
	}
	return "DO NOT load into this server as it is: " + strings.Join(why, " and ") + ", and writing to a replica makes it differ " +
		"from its source: the loaded tables are not on the source, and replicated changes to them later fail or apply to " +
		"different rows (" + writer + ", and the load lines exit 0). " +
		"Load the source instead and let replication carry the data, or take this server out of replication first " +
		"(STOP SLAVE; RESET SLAVE ALL on MariaDB, STOP REPLICA; RESET REPLICA ALL on MySQL) if it is to become a server of its own"
}

// ReadOnlyNotReplica is true for a read_only server whose replication
// status was read and shows no source it replicates from (standalone, or
// a source): the replica wording does not fit it (review r12: a
// standalone MariaDB set read_only was told writing to a replica makes it
// differ from its source, and to RESET SLAVE ALL).
func ReadOnlyNotReplica(p *profile.Profile) bool {
	if p == nil || p.Server == nil || !readOnlyOn(p.Server.Variables["read_only"]) {
		return false
	}
	r := p.Server.Replication
	return r != nil && (r.Role == profile.RoleStandalone || r.Role == profile.RoleSource)
}

// ReadOnlyRoleUnknown reports whether the server is read_only and its
// replication role was not read (profile.RoleUnknown, or no replication
// block): it may be a replica or a server set read_only on purpose.
func ReadOnlyRoleUnknown(p *profile.Profile) bool {
	if p == nil || p.Server == nil || !readOnlyOn(p.Server.Variables["read_only"]) {
		return false
	}
	r := p.Server.Replication
	return r == nil || r.Role == profile.RoleUnknown
}

// dumpFormat is the dump's format, "" without a dump.
func dumpFormat(d *profile.Dump) string {
	if d == nil {
		return ""
	}
	return d.Format
}

// readOnlyOn reads read_only: ON/1 (MySQL 8 and MariaDB before 11.0), or
// MariaDB 11's NO_LOCK, NO_LOCK_NO_ADMIN and ON (MariaDB KB, read_only).
func readOnlyOn(v string) bool {
	if on, err := profile.ParseBool(v); err == nil {
		return on
	}
	return strings.HasPrefix(strings.ToUpper(strings.TrimSpace(v)), "NO_LOCK")
}

// replicatedBinlog is the binary log the load writes: none unless
// replicas read it (the load lines then write it: replicating).
func replicatedBinlog(p *profile.Profile, o Options) binlogWrite {
	if !replicating(p, o) {
		return binlogWrite{}
	}
	return binlogWriteOf(p, o)
}

// loadWarnings are the plan's warnings for a load into this server: that
// it runs in InnoDB's forced recovery (ForceRecoveryWarning) or with
// innodb_read_only (InnoDBReadOnlyWarning), that the
// lines write the binary log for its replicas (replicatingNote), and that
// it is a replica or read_only (ReplicaTargetWarning).
func loadWarnings(p *profile.Profile, o Options) []string {
	var out []string
	for _, w := range []string{ForceRecoveryWarning(p), InnoDBReadOnlyWarning(p)} {
		if w != "" && (o.Task == TaskAll || o.Task == TaskLoad || o.Task == TaskCopy) {
			out = append(out, w)
		}
	}
	if replicating(p, o) && (o.Task == TaskAll || o.Task == TaskLoad) {
		if n := ReplicasConnected(p); n > 0 {
			out = append(out, replicatingNote(n, dumpFormat(p.Dump)))
		} else {
			out = append(out, replicasUnknownNote(dumpFormat(p.Dump)))
		}
	}
	if w := ReplicaTargetWarning(p); w != "" {
		out = append(out, w)
	}
	if o.Task == TaskAll || o.Task == TaskLoad {
		out = append(out, mysqldumpWarnings(p, o)...)
		if w, _ := onTarget(p, o); w != "" {
			out = append(out, w)
		}
		for _, w := range []string{caseCollisionWarning(p), CharsetWarning(p, o), FunctionalKeyWarning(p, o), DefinerWarning(p),
			GeneratedNotNullWarning(p, o), InvisibleColumnWarning(p, o), EngineWarning(p, o), DataDirectoryWarning(p),
			GaleraWriteSetWarning(p, o), EncryptionWarning(p, o), GaleraCacheWarning(p, o), RowSizeWarning(p, o),
			ZeroDateDefaultWarning(p, o), VersionedHistoryWarning(p, o), BinaryNamesWarning(p)} {
			if w != "" {
				out = append(out, w)
			}
		}
	}
	return out
}
