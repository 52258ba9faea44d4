package profile

import "strings"

// SkipBinlogPrivileges names the privileges that let a session set
// sql_log_bin. MariaDB: BINLOG ADMIN from 10.5.2 (MDEV-21957, MariaDB
// manual "GRANT", BINLOG ADMIN), else SUPER; it has no
// SYSTEM_VARIABLES_ADMIN. MySQL 8.0+ (and Percona): SYSTEM_VARIABLES_ADMIN,
// or SESSION_VARIABLES_ADMIN from 8.0.14, or SUPER (MySQL 8.0 manual,
// "System Variable Privileges"); MySQL 5.7 only SUPER. Unknown: both
// flavors' names, said as such.
func SkipBinlogPrivileges(flavor, version string) string {
	v, ok := ParseVersion(version)
	switch {
	case flavor == FlavorMariaDB && ok && !v.AtLeast(10, 5, 2):
		return "the SUPER privilege"
	case flavor == FlavorMariaDB:
		return "the BINLOG ADMIN or SUPER privilege"
	case flavor != "" && ok && !v.AtLeast(8, 0, 0):
		return "the SUPER privilege"
	case flavor != "" && ok && !v.AtLeast(8, 0, 14):
		return "the SYSTEM_VARIABLES_ADMIN or SUPER privilege"
	case flavor != "":
		return "the SYSTEM_VARIABLES_ADMIN, SESSION_VARIABLES_ADMIN or SUPER privilege"
	}
	return "the SUPER privilege, or BINLOG ADMIN on MariaDB 10.5.2+, or SYSTEM_VARIABLES_ADMIN on MySQL 8"
}

// ReadOnlyWritePrivileges names the privileges that let an account write
// on a read_only server. MariaDB: READ_ONLY ADMIN from 10.5.2, which SUPER
// no longer includes from 10.11 (MDEV-29596; review r24: on 10.11.19 an
// account with SUPER was refused with error 1290), else SUPER. MySQL 8.0+
// (and Percona): CONNECTION_ADMIN or SUPER, 5.7 SUPER, none of them
// while super_read_only is on (MySQL 8.4 manual, read_only).
func ReadOnlyWritePrivileges(flavor, version string) string {
	v, ok := ParseVersion(version)
	const super = " (unless super_read_only is on)"
	switch {
	case flavor == FlavorMariaDB && ok && !v.AtLeast(10, 5, 2):
		return "the SUPER privilege"
	case flavor == FlavorMariaDB && ok && !v.AtLeast(10, 11, 0):
		return "the READ_ONLY ADMIN or SUPER privilege"
	case flavor == FlavorMariaDB:
		return "the READ_ONLY ADMIN privilege (SUPER alone no longer writes through read_only from MariaDB 10.11)"
	case flavor != "" && ok && !v.AtLeast(8, 0, 0):
		return "the SUPER privilege" + super
	case flavor != "":
		return "the CONNECTION_ADMIN or SUPER privilege" + super
	}
	return "READ_ONLY ADMIN on MariaDB (SUPER too before 10.11), CONNECTION_ADMIN or SUPER on MySQL" + super
}

// DefinerPrivileges are the global privileges, any one of which lets an
// account create a view, routine, trigger or event whose DEFINER is
// another account. MariaDB: SET USER from 10.5.2 (MariaDB KB, "GRANT",
// SET USER), else SUPER; measured on 10.11.19 (review r52): ERROR 1227
// "you need (at least one of) the SUPER, SET USER privilege(s)" for each
// of a view, function, procedure and event, gone once SET USER was
// granted. MySQL 8.2+: SET_ANY_DEFINER, 8.0-8.1 SET_USER_ID, 5.7 SUPER
// (MySQL 8.4 manual, "Stored Object Access Control").
func DefinerPrivileges(flavor, version string) []string {
	v, ok := ParseVersion(version)
	switch {
	case flavor == FlavorMariaDB && ok && !v.AtLeast(10, 5, 2):
		return []string{"SUPER"}
	case flavor == FlavorMariaDB:
		return []string{"SET USER", "SUPER"}
	case flavor != "" && ok && !v.AtLeast(8, 0, 0):
		return []string{"SUPER"}
	case flavor != "" && ok && !v.AtLeast(8, 2, 0):
		return []string{"SET_USER_ID", "SUPER"}
	case flavor != "":
		return []string{"SET_ANY_DEFINER", "SUPER"}
	}
	return []string{"SUPER"}
}

// binlogAdminVariables are the variables MariaDB 10.5.2+ lets BINLOG
// ADMIN set (MariaDB KB, "GRANT", BINLOG ADMIN) besides the binlog_*
// names; measured on 10.11.19 (review r52) for sync_binlog,
// binlog_expire_logs_seconds, expire_logs_days, binlog_cache_size,
// max_binlog_size, binlog_format and log_bin_trust_function_creators.
var binlogAdminVariables = map[string]bool{"sync_binlog": true, "expire_logs_days": true, "log_bin_trust_function_creators": true,
	"max_binlog_size": true, "max_binlog_cache_size": true, "max_binlog_stmt_cache_size": true, "sql_log_bin": true,
	"log_bin_compress": true, "log_bin_compress_min_len": true}

// connectionAdminVariables are those MariaDB 10.5.2+ lets CONNECTION
// ADMIN set (MariaDB KB, "GRANT", CONNECTION ADMIN); max_connections
// measured on 10.11.19 (review r52).
var connectionAdminVariables = map[string]bool{"max_connections": true, "extra_max_connections": true, "max_connect_errors": true,
	"connect_timeout": true, "init_connect": true, "max_password_errors": true, "secure_auth": true, "slow_launch_time": true}

// SetGlobalPrivileges are the global privileges, any one of which lets an
// account run SET GLOBAL name (SET SESSION for sql_log_bin). MariaDB
// 10.5.2+ split some off SUPER (binlogAdminVariables, connection
// variables, read_only); every other variable still needs SUPER (10.11.19,
// review r52: innodb_io_capacity, innodb_buffer_pool_size,
// innodb_flush_log_at_trx_commit, max_allowed_packet, local_infile and 20
// more refused an account with BINLOG ADMIN, CONNECTION ADMIN, REPLICATION
// SLAVE ADMIN and READ_ONLY ADMIN alike: "you need (at least one of) the
// SUPER privilege(s)"). MySQL 8.0+: SYSTEM_VARIABLES_ADMIN or SUPER
// (MySQL 8.0 manual, "System Variable Privileges"); 5.7 SUPER.
func SetGlobalPrivileges(flavor, version, name string) []string {
	v, ok := ParseVersion(version)
	switch {
	case flavor == FlavorMariaDB && ok && !v.AtLeast(10, 5, 2):
		return []string{"SUPER"}
	case flavor == FlavorMariaDB && (strings.Contains(name, "binlog") || binlogAdminVariables[name]):
		return []string{"BINLOG ADMIN", "SUPER"}
	case flavor == FlavorMariaDB && connectionAdminVariables[name]:
		return []string{"CONNECTION ADMIN", "SUPER"}
	case flavor == FlavorMariaDB && name == "read_only":
		return []string{"READ_ONLY ADMIN"}
	case flavor == FlavorMariaDB:
		return []string{"SUPER"}
	case flavor != "" && ok && !v.AtLeast(8, 0, 0):
		return []string{"SUPER"}
	case flavor != "":
		return []string{"SYSTEM_VARIABLES_ADMIN", "SUPER"}
	}
	return []string{"SUPER"}
}

// PrivilegeWords joins privilege names as a sentence says them: "the SET
// USER or SUPER privilege".
func PrivilegeWords(privs []string) string {
	switch len(privs) {
	case 0:
		return ""
	case 1:
		return "the " + privs[0] + " privilege"
	}
	return "the " + strings.Join(privs[:len(privs)-1], ", ") + " or " + privs[len(privs)-1] + " privilege"
}
