package mycnf

import "fmt"

// removedIn80 are server options MySQL 8.0 and later no longer have, each
// with what to write instead. Sources: MySQL 8.0 manual "Features Removed
// in MySQL 8.0" and "Options and Variables Removed in MySQL 8.0" (query
// cache variables, tx_isolation/tx_read_only and log_warnings removed in
// 8.0.3; innodb_file_format*, innodb_large_prefix, innodb_support_xa,
// innodb_locks_unsafe_for_binlog in 8.0.0); every name is absent from the
// captured SHOW VARIABLES of Percona Server 8.0.32 and MySQL 8.4.8
// (removed80_test.go checks it). mysqld 8.0 refuses to start on a name it
// does not know ("unknown variable") unless it is loose-.
var removedIn80 = map[string]string{
	"query_cache_size":                      "remove it: MySQL 8.0 has no query cache",
	"query_cache_type":                      "remove it: MySQL 8.0 has no query cache",
	"query_cache_limit":                     "remove it: MySQL 8.0 has no query cache",
	"query_cache_min_res_unit":              "remove it: MySQL 8.0 has no query cache",
	"query_cache_wlock_invalidate":          "remove it: MySQL 8.0 has no query cache",
	"query_cache_strip_comments":            "remove it: MySQL 8.0 has no query cache (a Percona 5.x option)",
	"innodb_file_format":                    "remove it: tables are always Barracuda-capable",
	"innodb_file_format_check":              "remove it: tables are always Barracuda-capable",
	"innodb_file_format_max":                "remove it: tables are always Barracuda-capable",
	"innodb_large_prefix":                   "remove it: large index prefixes are always on",
	"tx_isolation":                          "write transaction_isolation instead",
	"tx_read_only":                          "write transaction_read_only instead",
	"log_warnings":                          "write log_error_verbosity instead",
	"innodb_support_xa":                     "remove it: XA support is always on",
	"innodb_locks_unsafe_for_binlog":        "remove it; READ COMMITTED isolation gives the same locking",
	"innodb_undo_logs":                      "write innodb_rollback_segments instead",
	"ignore_builtin_innodb":                 "remove it",
	"sync_frm":                              "remove it: 8.0 keeps no .frm files",
	"secure_auth":                           "remove it",
	"old_passwords":                         "remove it",
	"date_format":                           "remove it (it was unused)",
	"datetime_format":                       "remove it (it was unused)",
	"time_format":                           "remove it (it was unused)",
	"max_tmp_tables":                        "remove it (it was unused)",
	"metadata_locks_cache_size":             "remove it",
	"metadata_locks_hash_instances":         "remove it",
	"innodb_stats_sample_pages":             "write innodb_stats_transient_sample_pages instead",
	"ignore_db_dirs":                        "remove it",
	"innodb_checksums":                      "write innodb_checksum_algorithm instead",
	"log_syslog":                            "remove it; the error log goes to syslog through log_error_services",
	"log_builtin_as_identified_by_password": "remove it",
	"multi_range_count":                     "remove it",
	"internal_tmp_disk_storage_engine":      "remove it: on-disk temporary tables are InnoDB",
}

// removedFrom is the first MySQL series the removedIn80 warnings hold for.
const removedFrom = "8.0"

// checkRemoved80 warns, for MySQL 8.0 and later only, that mysqld refuses
// to start on an option those servers no longer have.
func (r *Reading) checkRemoved80(o Option) { r.warnRemoved(o, removedIn80, removedFrom) }

// warnRemoved warns, for MySQL from series on, that mysqld refuses to
// start on an option of removed (name → what to write instead); a loose-
// one is skipped with a warning in the server's log, and so is only noted.
func (r *Reading) warnRemoved(o Option, removed map[string]string, series string) {
	hint, ok := removed[o.Name]
	if !ok {
		return
	}
	what := "refuses to start (\"unknown variable\")"
	if o.Loose {
		what = "skips it (loose-)"
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMySQL, From: series, Refuses: !o.Loose,
		Text: fmt.Sprintf("MySQL %s and later have no option %q: mysqld %s; %s", series, o.Raw, what, hint)})
}
