package threads

import "github.com/mytune/mytune/profile"

// InnoDBReadOnly is true for a server that shows innodb_read_only ON:
// InnoDB there refuses every write. On MariaDB 10.11.19 started with
// --innodb-read-only=ON (review r19) CREATE TABLE … ENGINE=InnoDB failed
// with error 1005 (errno 165 "Table is read only") and SET GLOBAL
// innodb_log_file_size with error 1836 ("Running in read-only mode").
func InnoDBReadOnly(p *profile.Profile) bool {
	if p == nil || p.Server == nil {
		return false
	}
	v := p.Server.Variables["innodb_read_only"]
	return v != "" && readOnlyOn(v)
}

// InnoDBReadOnlyWarning is the warning for a load planned against a server
// whose InnoDB is read-only without innodb_force_recovery (that one says
// so itself: ForceRecoveryWarning), "" for any other (review r19: the plan
// printed its myloader line into such a server with no word that every
// table of the load would fail).
func InnoDBReadOnlyWarning(p *profile.Profile) string {
	if !InnoDBReadOnly(p) || ForceRecovery(p) > 0 {
		return ""
	}
	return "DO NOT load into this server as it is: it runs with innodb_read_only ON, so InnoDB refuses every write: the " +
		"load's first CREATE TABLE fails (MariaDB 10.11.19: error 1005, errno 165 \"Table is read only\") and nothing is " +
		"loaded. It was started so on purpose (read-only media, a server kept for reading): restart it without " +
		"innodb_read_only (take it out of its my.cnf) before loading"
}
