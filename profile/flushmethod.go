package profile

import "strings"

// flushMethodNumbers are innodb_flush_method's values by number, as older
// servers may report them (MariaDB KB, innodb_flush_method: 0 fsync,
// 1 O_DSYNC, 2 littlesync, 3 nosync, 4 O_DIRECT, 5 O_DIRECT_NO_FSYNC).
var flushMethodNumbers = map[string]string{"0": "FSYNC", "1": "O_DSYNC", "2": "LITTLESYNC", "3": "NOSYNC", "4": "O_DIRECT", "5": "O_DIRECT_NO_FSYNC"}

// FlushMethodName is an innodb_flush_method value as its upper-case name:
// "o_dsync" and "1" both read "O_DSYNC"; "" stays "".
func FlushMethodName(v string) string {
	v = strings.ToUpper(strings.TrimSpace(v))
	if name, ok := flushMethodNumbers[v]; ok {
		return name
	}
	return v
}

// ODSyncDataDirectSince is the first MariaDB known to open its data files
// with O_DIRECT under innodb_flush_method = O_DSYNC, as under O_DIRECT:
// os0file.cc os_file_create_func calls os_file_set_nocache for a data file
// under SRV_O_DSYNC, SRV_O_DIRECT and SRV_O_DIRECT_NO_FSYNC, and review r28
// saw it live on MariaDB 10.11.19 started --innodb-flush-method=O_DSYNC
// (2026-12-07: /proc/PID/fdinfo flags 02140002 on ibdata1, O_DIRECT set;
// ib_logfile0 O_DIRECT|O_DSYNC). Not checked before 10.11: older servers
// keep the manual's reading (O_DSYNC for the log only).
var ODSyncDataDirectSince = Version{Major: 10, Minor: 11}

// DataFilesDirect reports whether a server of this flavor and version
// writes its data files with O_DIRECT under innodb_flush_method = method:
// O_DIRECT, O_DIRECT_NO_FSYNC and Percona's ALL_O_DIRECT everywhere, and
// O_DSYNC on MariaDB from ODSyncDataDirectSince.
func DataFilesDirect(flavor, version, method string) bool {
	switch FlushMethodName(method) {
	case "O_DIRECT", "O_DIRECT_NO_FSYNC", "ALL_O_DIRECT":
		return true
	case "O_DSYNC":
		v, ok := ParseVersion(version)
		return flavor == FlavorMariaDB && ok && !v.Less(ODSyncDataDirectSince)
	}
	return false
}

// RedoSyncSkipped reports whether innodb_flush_method = method stops a
// MariaDB from syncing its redo log at commit: nosync. trx0trx.cc
// trx_flush_log_if_needed calls log_write_up_to(lsn, srv_file_flush_method
// != SRV_NOSYNC && (srv_flush_log_at_trx_commit & 1)); review r28 saw it
// live on MariaDB 10.11.19 (2026-12-07, strace of 20 autocommit INSERTs:
// 22 writes to ib_logfile0 and 2 fdatasync, against 21 and 21 under fsync).
// MySQL's nosync was not checked: false there.
func RedoSyncSkipped(flavor, method string) bool {
	return flavor == FlavorMariaDB && FlushMethodName(method) == "NOSYNC"
}
