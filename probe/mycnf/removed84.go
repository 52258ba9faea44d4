package mycnf

// removedIn84 are server options MySQL 8.0 has and MySQL 8.4 no longer
// has, each with what to write instead: the names in the captured SHOW
// VARIABLES of Percona Server 8.0.32 that neither MySQL 8.4.8's nor
// Percona Server 8.4.5's capture holds, less the read-only have_* flags
// and plugin variables (removed84_test.go checks both captures). MySQL 8.4
// manual, "What Is New in MySQL 8.4 since MySQL 8.0", "Features Removed":
// the replication repositories, expire_logs_days, default_authentication_plugin,
// transaction_write_set_extraction, binlog_transaction_dependency_tracking
// and the temporal-format options. mysqld 8.4 refuses to start on a name
// it does not know ("unknown variable") unless it is loose-.
var removedIn84 = map[string]string{
	"default_authentication_plugin":          "write authentication_policy instead (its first element is the default plugin)",
	"expire_logs_days":                       "write binlog_expire_logs_seconds instead (days × 86400)",
	"master_info_repository":                 "remove it: 8.4 keeps the replication metadata in tables only",
	"relay_log_info_repository":              "remove it: 8.4 keeps the replication metadata in tables only",
	"relay_log_info_file":                    "remove it: 8.4 keeps the relay log's metadata in a table",
	"transaction_write_set_extraction":       "remove it: 8.4 always extracts write sets with XXHASH64",
	"binlog_transaction_dependency_tracking": "remove it: 8.4 always tracks dependencies by WRITESET",
	"slave_rows_search_algorithms":           "remove it: 8.4 always searches rows by INDEX_SCAN,HASH_SCAN",
	"log_bin_use_v1_row_events":              "remove it",
	"avoid_temporal_upgrade":                 "remove it",
	"show_old_temporals":                     "remove it",
	"old":                                    "remove it",
	"new":                                    "remove it",
}

// removedFrom84 is the first MySQL series the removedIn84 warnings hold for.
const removedFrom84 = "8.4"

// checkRemoved84 warns, for MySQL 8.4 and later only, that mysqld refuses
// to start on an option 8.4 removed (warnRemoved).
func (r *Reading) checkRemoved84(o Option) { r.warnRemoved(o, removedIn84, removedFrom84) }
