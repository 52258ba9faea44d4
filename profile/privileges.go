package profile

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
