package dump

import (
	"regexp"
	"slices"
	"strings"
)

// reReplication is a replication statement a dump runs: mariadb-dump
// 10.11's --master-data writes "CHANGE MASTER TO MASTER_LOG_FILE=…" (its
// --gtid "CHANGE MASTER TO MASTER_USE_GTID=slave_pos;" and, near the end,
// "SET GLOBAL gtid_slave_pos='0-1-17335';"), MySQL 8.4's mysqldump
// --source-data "CHANGE REPLICATION SOURCE TO …" and --set-gtid-purged
// "SET @@GLOBAL.GTID_PURGED=…". Commented out ("-- CHANGE MASTER", the
// =2 form) they do not run and do not match.
var reReplication = regexp.MustCompile(`(?i)^(?:/\*!\d+ )?(?:CHANGE MASTER TO|CHANGE REPLICATION SOURCE TO|SET GLOBAL gtid_slave_pos|SET @@GLOBAL\.GTID_PURGED)`)

// replicationStatement keeps a replication statement's first words, once,
// and reports whether b was one.
func (s *sqlScan) replicationStatement(b []byte) bool {
	if !reReplication.Match(b) {
		return false
	}
	head := strings.TrimSpace(string(b))
	if i := strings.IndexAny(head, "=;"); i > 0 {
		head = strings.TrimSpace(head[:i])
	}
	if !slices.Contains(s.d.ReplicationStatements, head) {
		s.d.ReplicationStatements = append(s.d.ReplicationStatements, head)
	}
	return true
}

// replicationNote warns that the file's replication statements run with
// its load (QA 17: the mysql line into a running replica stopped with
// "ERROR 1198 … at line 18"; into the primary it set gtid_slave_pos
// silently); "" when it has none.
func replicationNote(stmts []string) string {
	if len(stmts) == 0 {
		return ""
	}
	return "the file runs replication statements (" + strings.Join(stmts, "; ") + ": dumped with --master-data/--gtid, " +
		"--source-data or --set-gtid-purged): loading it into a running replica stops there (\"ERROR 1198\": the replica must be " +
		"stopped), and into any other server they set its replication position or GTID state as for a replica of the dumped " +
		"server; take those lines out of the file first unless the target is being made such a replica"
}
