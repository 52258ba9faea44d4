package mycnf

// removedIn97 are server options MySQL 8.4 has and MySQL 9.7 no longer
// has, each with what to write instead: the names in MySQL 8.4.8's
// captured SHOW VARIABLES that neither MySQL 9.7.0-er2's nor 9.7.1's
// capture holds (probe/server/testdata/variables; removed97_test.go checks
// them), less mysql_native_password_proxy_users, which went with the
// mysql_native_password plugin's default loading. MySQL 8.0.30 deprecated
// innodb_log_file_size and innodb_log_files_in_group for
// innodb_redo_log_capacity (MySQL 8.0 manual, "Redo Log Capacity"), 8.0.14
// innodb_undo_tablespaces for CREATE UNDO TABLESPACE, 8.0.29
// replica_parallel_type (and its old name slave_parallel_type; 8.0.27
// made LOGICAL_CLOCK the default), 8.0.26 temptable_use_mmap (MySQL 8.0
// manual, each variable's entry). Which 9.x
// release removed each is not pinned here (no 9.0-9.6 capture), so the
// warning holds from 9.7, the first release captured without them.
// mysqld refuses to start on a name it does not know ("unknown
// variable") unless it is loose-.
var removedIn97 = map[string]string{
	"innodb_log_file_size":      "write innodb_redo_log_capacity instead (the whole redo log: innodb_log_file_size × innodb_log_files_in_group)",
	"innodb_log_files_in_group": "remove it and write innodb_redo_log_capacity (the whole redo log) instead",
	"innodb_undo_tablespaces":   "remove it: undo tablespaces are made with CREATE UNDO TABLESPACE",
	"replica_parallel_type":     "remove it: replicas always apply by LOGICAL_CLOCK",
	"slave_parallel_type":       "remove it: replicas always apply by LOGICAL_CLOCK",
	"temptable_use_mmap":        "remove it: temptable_max_mmap bounds the TempTable engine's memory-mapped files (0 = none)",
}

// removedFrom97 is the first MySQL series the removedIn97 warnings hold for.
const removedFrom97 = "9.7"

// checkRemoved97 warns, for MySQL 9.7 and later only, that mysqld refuses
// to start on an option 9.7 no longer has (warnRemoved).
func (r *Reading) checkRemoved97(o Option) { r.warnRemoved(o, removedIn97, removedFrom97) }
