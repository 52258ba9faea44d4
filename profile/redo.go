package profile

// MySQL 8.0.30+'s redo defaults: innodb_redo_log_capacity 100M, and the
// deprecated innodb_log_file_size 48M × innodb_log_files_in_group 2 (MySQL
// 8.0 manual, "Configuring Redo Log Capacity (8.0.30 or Higher)").
const (
	defaultRedoCapacityBytes = 100 << 20
	defaultLegacyRedoBytes   = 2 * 48 << 20
)

// ServerRedoBytes is the redo log a server runs with, from its SHOW
// GLOBAL VARIABLES (and STATUS, nil when unread); 0 when they do not say.
// On MySQL 8.0.30+ both innodb_redo_log_capacity and the deprecated
// innodb_log_file_size × innodb_log_files_in_group are shown; the server
// uses the capacity when it is set, else the product when those are set
// (the manual's "Configuring Redo Log Capacity"). Which was set is not
// shown: the status counter Innodb_redo_log_capacity_resized (8.0.30+)
// says the capacity in use; without it, a capacity at its 100M default
// beside a product other than its 96M default means the product is in
// use (a Percona 8.0.32 capture: capacity 100M, 2 × 5M files, resized 10M).
func ServerRedoBytes(vars, status map[string]string) uint64 {
	if n, err := ParseSize(status["innodb_redo_log_capacity_resized"]); err == nil && n > 0 {
		return n
	}
	files := uint64(1) // MariaDB 10.5+ has one file and no such variable
	if n, err := ParseSize(vars["innodb_log_files_in_group"]); err == nil && n > 0 {
		files = n
	}
	legacy := uint64(0)
	if n, err := ParseSize(vars["innodb_log_file_size"]); err == nil {
		legacy = n * files
	}
	capacity, err := ParseSize(vars["innodb_redo_log_capacity"])
	if err != nil || capacity == 0 {
		return legacy
	}
	if capacity == defaultRedoCapacityBytes && legacy > 0 && legacy != defaultLegacyRedoBytes {
		return legacy
	}
	return capacity
}
