package rules

import "github.com/mytune/mytune/profile"

// Kind is how a server variable's value is written and compared.
type Kind int

// Variable kinds.
const (
	KindString Kind = iota // enums and names, compared case-insensitively
	KindSize               // bytes, written with K/M/G (profile.FormatSize)
	KindInt                // plain integers (counts, modes)
	KindBool               // ON/OFF
)

// varSpec says how a variable is typed and in which versions each flavor
// accepts it ("" = never). Ranges come from the variable's entry in the
// MySQL Server System Variables / InnoDB Startup Options pages (8.0, 8.4)
// and the MariaDB KB "Server System Variables" / "InnoDB System Variables".
type varSpec struct {
	Kind    Kind
	MySQL   string // version range for MySQL and Percona Server
	MariaDB string // version range for MariaDB
}

// knownVars lists every variable a rule may read or recommend.
var knownVars = map[string]varSpec{
	"innodb_buffer_pool_size":       {KindSize, ">=5.0", ">=5.0"},
	"innodb_buffer_pool_instances":  {KindInt, ">=5.5", "<10.6"}, // MariaDB removed it in 10.6 (MDEV-15058)
	"innodb_buffer_pool_chunk_size": {KindSize, ">=5.7.5", ">=10.2"},
	// read only: the start-up load's reads count as pool misses (poolload.go)
	"innodb_buffer_pool_load_at_startup": {KindBool, ">=5.6.3", ">=10.0"},
	"innodb_buffer_pool_dump_pct":        {KindInt, ">=5.7.2", ">=10.0"},
	// read only: Innodb_buffer_pool_pages_* count pages of this size
	// (facts.go's PoolDataPageBytes); written only to restore a physical
	// backup taken at another size (advisor/backuppage.go). From MySQL
	// 5.6.4 and MariaDB 10.0 (MySQL 5.6 manual and MariaDB KB, innodb_page_size).
	"innodb_page_size": {KindSize, ">=5.6.4", ">=10.0"},
	// read only (restartWhy): the most SET GLOBAL may grow the pool to; in the
	// MariaDB 10.11.19, 11.8.6 and 12.2.2 captures (probe/server/testdata).
	// Never written; which releases have it and its default:
	// profile.MariaDBPoolMax (10.11.12, 11.4.6, 11.8.2 on)
	"innodb_buffer_pool_size_max": {KindSize, "", ">=10.11"},
	"innodb_redo_log_capacity":    {KindSize, ">=8.0.30", ""},
	// MySQL 9.7.0's and 9.7.1's captures have neither (removed after their
	// deprecation in 8.0.30 for innodb_redo_log_capacity; the 9.x release
	// that removed them is not pinned: probe/mycnf/removed97.go).
	"innodb_log_file_size":           {KindSize, "<9.7", ">=5.0"},
	"innodb_log_files_in_group":      {KindInt, "<9.7", "<10.6"},
	"innodb_log_buffer_size":         {KindSize, ">=5.0", ">=5.0"},
	"innodb_log_write_ahead_size":    {KindSize, ">=5.7.4", ""},
	"innodb_io_capacity":             {KindInt, ">=5.5", ">=5.5"},
	"innodb_io_capacity_max":         {KindInt, ">=5.6", ">=10.0"},
	"innodb_flush_method":            {KindString, ">=5.0", "<11.0"},
	"innodb_flush_neighbors":         {KindInt, ">=5.6", ">=10.0"},
	"innodb_read_io_threads":         {KindInt, ">=5.5", ">=5.5"},
	"innodb_write_io_threads":        {KindInt, ">=5.5", ">=5.5"},
	"innodb_doublewrite":             {KindString, ">=5.0", ">=5.0"},
	"innodb_flush_log_at_trx_commit": {KindInt, ">=5.0", ">=5.0"},
	// read only: how often 0 and 2 sync the redo log (rules/flushtimeout.go)
	"innodb_flush_log_at_timeout": {KindInt, ">=5.6.6", ">=10.0"},
	// MariaDB 10.8.4+ (MDEV-28766): the redo log through the page cache or O_DIRECT.
	"innodb_log_file_buffering": {KindBool, "", ">=10.8.4"},
	"innodb_dedicated_server":   {KindBool, ">=8.0.3", ""},
	// huge pages hold the buffer pool (memsource.go: the huge page pool then counts as usable)
	"large_pages":              {KindBool, ">=5.0", ">=5.0"},
	"sync_binlog":              {KindInt, ">=5.0", ">=5.0"},
	"log_bin":                  {KindBool, ">=5.0", ">=5.0"},
	"max_connections":          {KindInt, ">=5.0", ">=5.0"},
	"sort_buffer_size":         {KindSize, ">=5.0", ">=5.0"},
	"join_buffer_size":         {KindSize, ">=5.0", ">=5.0"},
	"read_buffer_size":         {KindSize, ">=5.0", ">=5.0"},
	"read_rnd_buffer_size":     {KindSize, ">=5.0", ">=5.0"},
	"binlog_cache_size":        {KindSize, ">=5.0", ">=5.0"},
	"thread_stack":             {KindSize, ">=5.0", ">=5.0"},
	"tmp_table_size":           {KindSize, ">=5.0", ">=5.0"},
	"max_heap_table_size":      {KindSize, ">=5.0", ">=5.0"},
	"table_open_cache":         {KindInt, ">=5.1", ">=5.1"},
	"table_definition_cache":   {KindInt, ">=5.1", ">=5.1"},
	"open_files_limit":         {KindInt, ">=5.0", ">=5.0"},
	"innodb_file_per_table":    {KindBool, ">=5.0", ">=5.0"},
	"thread_cache_size":        {KindInt, ">=5.0", ">=5.0"},
	"thread_handling":          {KindString, ">=5.1", ">=5.1"}, // read only: the thread cache serves one-thread-per-connection
	"innodb_stats_on_metadata": {KindBool, ">=5.1", ">=5.1"},
	"innodb_stats_persistent":  {KindBool, ">=5.6.6", ">=10.0"},
	// Binary log expiry: binlog_expire_logs_seconds from MySQL 8.0.1 and
	// MariaDB 10.6.1; expire_logs_days removed in MySQL 8.4.0 (release notes).
	"binlog_expire_logs_seconds": {KindInt, ">=8.0.1", ">=10.6.1"},
	"expire_logs_days":           {KindInt, "<8.4", ">=5.0"},
	// QA 15: the MyISAM key cache and the InnoDB lock wait timeout.
	"key_buffer_size":          {KindSize, ">=5.0", ">=5.0"},
	"innodb_lock_wait_timeout": {KindInt, ">=5.0", ">=5.0"},
	// QA 13: the Aria page cache, MariaDB only (Aria from MariaDB 5.1, KB).
	"aria_pagecache_buffer_size": {KindSize, "", ">=5.1"},
	// MySQL 8.0's TempTable engine: one RAM pool for every session's
	// in-memory internal temporary tables (MySQL 8.0 manual, "Internal
	// Temporary Table Use in MySQL"; TempTable from 8.0.2).
	"temptable_max_ram":               {KindSize, ">=8.0.2", ""},
	"internal_tmp_mem_storage_engine": {KindString, ">=8.0.2", ""},
	// The query cache: removed in MySQL 8.0.3 (MySQL 8.0 release notes).
	"query_cache_type": {KindString, "<8.0.3", ">=5.0"},
	"query_cache_size": {KindSize, "<8.0.3", ">=5.0"},
	// Review r21: what a crash or a replication error leaves (recovery.go).
	// replica_skip_errors replaced slave_skip_errors in MySQL 8.0.26 (the
	// old name stays as a deprecated alias); MariaDB keeps slave_skip_errors.
	"slave_skip_errors":      {KindString, "<8.0.26", ">=5.0"},
	"replica_skip_errors":    {KindString, ">=8.0.26", ""},
	"myisam_recover_options": {KindString, ">=5.5.3", ">=5.0"},
	// 0, 1, 2 in MySQL 5.0+; MariaDB 10.3.6+ adds 3 (MariaDB KB, innodb_fast_shutdown).
	"innodb_fast_shutdown": {KindInt, ">=5.0", ">=5.0"},
	// Review r24: a replica that takes writes (replicawritable.go); a
	// string, since MariaDB 11 adds NO_LOCK and NO_LOCK_NO_ADMIN.
	"read_only": {KindString, ">=5.0", ">=5.0"},
	// Review r49: a MariaDB replica that applies serially (parallelapply.go).
	// slave_parallel_threads came in MariaDB 10.0.5, slave_parallel_mode in
	// 10.1.3 (MariaDB KB, "Parallel Replication"); MySQL names its own
	// replica_parallel_workers and replica_parallel_type.
	"slave_parallel_threads": {KindInt, "", ">=10.0.5"},
	"slave_parallel_mode":    {KindString, "", ">=10.1.3"},
}

// VariableKind returns how the named variable is typed (KindString if unknown).
func VariableKind(name string) Kind { return knownVars[name].Kind }

// Accepts reports whether a server of this flavor and version accepts the
// variable in a my.cnf. Unknown variables are not accepted.
func Accepts(flavor string, v profile.Version, name string) bool {
	spec, ok := knownVars[name]
	if !ok {
		return false
	}
	rng := spec.MySQL
	if flavor == profile.FlavorMariaDB {
		rng = spec.MariaDB
	}
	if rng == "" {
		return false
	}
	r, err := parseRange(rng)
	return err == nil && r.contains(v)
}

// IsVariable reports whether name is a server variable mytune knows.
func IsVariable(name string) bool { return isKnown(name) }
