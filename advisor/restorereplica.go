package advisor

import (
	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// RestoreReplicaID is the finding that a restore is planned against a
// replica or a read_only server.
const RestoreReplicaID = "restore.into_replica"

// restoreReplicaRefs: what writing to a replica does (MariaDB KB,
// "Setting Up Replication": a replica must not be written to; MySQL 8.4
// manual, read_only: accounts with SUPER or CONNECTION_ADMIN write anyway).
var restoreReplicaRefs = []string{
	"https://mariadb.com/kb/en/read_only/",
	"https://dev.mysql.com/doc/refman/8.4/en/server-system-variables.html#sysvar_read_only",
}

// restoreReplica is a crit finding when the plan loads a dump into a
// replica or a read_only server (QA 17: the mysql line into a read_only
// replica exited 0 and the replica no longer matched its source); nil
// when no dump is loaded or the server is neither.
func restoreReplica(p profile.Profile, task string) []Finding {
	if p.Dump == nil || task == threads.TaskDump || task == threads.TaskOLTP {
		return nil
	}
	w := threads.ReplicaTargetWarning(&p)
	if w == "" {
		return nil
	}
	summary := "The restore is planned against a replica: loading it makes the replica differ from its source"
	switch {
	case threads.ReadOnlyNotReplica(&p):
		summary = "The restore is planned against a read_only server: find out why it is read_only before loading"
	case threads.ReadOnlyRoleUnknown(&p):
		summary = "The restore is planned against a read_only server that may be a replica: find out which before loading"
	}
	return []Finding{{ID: RestoreReplicaID, Severity: SeverityCrit, Category: "replication",
		Summary: summary, Detail: w + ".", References: restoreReplicaRefs}}
}
