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
