package rules

import "github.com/mytune/mytune/profile"

// defaultRule is a compiled-in default: the value a server of this flavor
// and version uses when the variable is not set. The first matching entry
// wins, so newer ranges come first.
type defaultRule struct {
	name, flavor, versions, value, source string
}

// Sources for the defaults below.
const (
	srcMy80   = "MySQL 8.0 Reference Manual, InnoDB Startup Options and System Variables / Server System Variables"
	srcMy84   = "MySQL 8.4 Reference Manual, What Is New in MySQL 8.4 (changed InnoDB defaults) and InnoDB System Variables"
	srcMy57   = "MySQL 5.7 Reference Manual, InnoDB Startup Options and System Variables"
	srcMy56   = "MySQL 5.6 Reference Manual, Server System Variables (sort_buffer_size 256K from 5.6.4, join_buffer_size 256K from 5.6.6; before, 2M and 128K as the 5.0-5.5 captures in probe/server/testdata show)"
	srcMaria  = "MariaDB KB, InnoDB System Variables / Server System Variables"
	srcMy568  = "MySQL 5.6 Reference Manual, Changes to Server Defaults (5.6.8: innodb_log_file_size 5M to 48M, query_cache_type ON to OFF, query_cache_size 0 to 1M, thread_cache_size 0 to autosized, table_open_cache 400 to 2000)"
	mysqlName = profile.FlavorMySQL
	mariaName = profile.FlavorMariaDB
)

// defaults holds one entry per variable, flavor and version range.
// innodb_read_io_threads in 8.4 is "available logical processors / 2, at
// least 4" and is computed in defaultValue.
var defaults = []defaultRule{
	{"innodb_buffer_pool_size", "", "", profile.FormatSize(profile.DefaultBufferPoolBytes), srcMy80},
	{"innodb_buffer_pool_chunk_size", mysqlName, "", "128M", srcMy80},
	{"innodb_buffer_pool_chunk_size", mariaName, ">=10.2.2, <10.5", "128M", srcMaria + " (10.2.2-10.4, chunks within each of the instances)"},
	{"innodb_buffer_pool_instances", mysqlName, "", "1", srcMy80 + " (8 when the pool is 1G or more)"},
	{"innodb_redo_log_capacity", mysqlName, ">=8.0.30", "100M", srcMy80},
	{"innodb_log_file_size", mariaName, ">=10.5", "96M", srcMaria},
	{"innodb_log_file_size", mariaName, ">=10.0", "48M", srcMaria},
	{"innodb_log_file_size", mariaName, "", "5M", srcMaria + " (48M from 10.0, the MySQL 5.6 base)"},
	{"innodb_log_file_size", mysqlName, ">=5.6.8", "48M", srcMy80},
	{"innodb_log_file_size", mysqlName, "", "5M", srcMy568},
	{"innodb_log_files_in_group", mariaName, ">=10.5", "1", srcMaria},
	{"innodb_log_files_in_group", "", "", "2", srcMy80},
	{"innodb_log_buffer_size", mysqlName, ">=8.4", "64M", srcMy84},
	{"innodb_log_buffer_size", mysqlName, ">=8.0", "16M", srcMy80},
	{"innodb_log_buffer_size", mariaName, ">=10.1", "16M", srcMaria},
	{"innodb_log_buffer_size", mysqlName, ">=5.7.6", "16M", srcMy57 + " (16M from 5.7.6)"},
	{"innodb_log_buffer_size", "", "", "8M", srcMy57},
	{"innodb_log_write_ahead_size", mysqlName, "", "8192", srcMy80},
	{"innodb_io_capacity", mysqlName, ">=8.4", "10000", srcMy84},
	{"innodb_io_capacity", "", "", "200", srcMy80},
	{"innodb_io_capacity_max", mysqlName, ">=8.4", "20000", srcMy84 + " (2 x innodb_io_capacity)"},
	{"innodb_io_capacity_max", "", "", "2000", srcMy80},
	{"innodb_flush_method", mysqlName, ">=8.4", "O_DIRECT", srcMy84},
	{"innodb_flush_method", mariaName, ">=10.6", "O_DIRECT", srcMaria},
	{"innodb_flush_method", "", "", "fsync", srcMy80},
	{"innodb_flush_neighbors", mysqlName, ">=8.0", "0", srcMy80},
	{"innodb_flush_neighbors", "", "", "1", srcMaria + "; " + srcMy57},
	{"innodb_read_io_threads", "", "", "4", srcMy80},
	{"innodb_write_io_threads", "", "", "4", srcMy80},
	{"innodb_doublewrite", "", "", "ON", srcMy80},
	{"innodb_flush_log_at_trx_commit", "", "", "1", srcMy80},
	{"innodb_dedicated_server", mysqlName, "", "OFF", srcMy80},
	{"sync_binlog", mysqlName, ">=5.7.7", "1", srcMy80},
	{"sync_binlog", "", "", "0", srcMaria},
	{"log_bin", mysqlName, ">=8.0", "ON", srcMy80 + " (binary logging enabled by default since 8.0)"},
	{"log_bin", "", "", "OFF", srcMaria + "; " + srcMy57},
	{"max_connections", "", "", "151", srcMy80},
	{"sort_buffer_size", mariaName, "", "2M", srcMaria},
	{"sort_buffer_size", mysqlName, "<5.6.4", "2M", srcMy56},
	{"sort_buffer_size", "", "", "256K", srcMy80},
	{"join_buffer_size", mysqlName, "<5.6.6", "128K", srcMy56},
	{"join_buffer_size", "", "", "256K", srcMy80},
	{"read_buffer_size", "", "", "128K", srcMy80},
	{"read_rnd_buffer_size", "", "", "256K", srcMy80},
	{"binlog_cache_size", "", "", "32K", srcMy80},
	{"thread_stack", mariaName, "", "292K", srcMaria},
	{"thread_stack", "", "", "1M", srcMy80},
	{"tmp_table_size", "", "", "16M", srcMy80},
	{"max_heap_table_size", "", "", "16M", srcMy80},
	{"key_buffer_size", mariaName, "", "128M", srcMaria},
	{"key_buffer_size", "", "", "8M", srcMy80},
	{"temptable_max_ram", mysqlName, ">=8.0.2", "1G", srcMy80 + " (8.4: 3% of memory, 1-4 GiB: tempTableRAMDefault)"},
	{"internal_tmp_mem_storage_engine", mysqlName, ">=8.0.2", "TempTable", srcMy80},
	{"aria_pagecache_buffer_size", mariaName, "", "128M", srcMaria + " (Aria System Variables: default 134217728)"},
	{"innodb_lock_wait_timeout", "", "", "50", srcMy80 + "; " + srcMaria},
	{"table_open_cache", mariaName, "", "2000", srcMaria},
	{"table_open_cache", mysqlName, ">=8.0", "4000", srcMy80},
	{"table_open_cache", mysqlName, ">=5.6.8", "2000", srcMy568},
	{"table_open_cache", "", "", "400", srcMy568},
	{"table_definition_cache", mariaName, "", "400", srcMaria},
	{"innodb_file_per_table", mysqlName, ">=5.6.6", "ON", srcMy57},
	{"innodb_file_per_table", mariaName, ">=10.0", "ON", srcMaria},
	{"innodb_file_per_table", "", "", "OFF", srcMy57 + " (ON from MySQL 5.6.6 and MariaDB 10.0)"},
	{"innodb_stats_on_metadata", "", "", "OFF", srcMy57 + " (OFF from MySQL 5.6.6); " + srcMaria + " (OFF from 10.0)"},
	{"innodb_stats_persistent", "", "", "ON", srcMy57 + " (ON from MySQL 5.6.6); " + srcMaria + " (ON from 10.0)"},
	{"thread_cache_size", mariaName, ">=10.2", "256", srcMaria + " (at most max_connections; 0 before 10.2.0)"},
	{"thread_cache_size", mariaName, "", "0", srcMaria + " (256 from 10.2.0)"},
	{"thread_cache_size", mysqlName, ">=5.6.8", "9", srcMy80 + " (autosized: 8 + max_connections / 100, at most 100)"},
	{"thread_cache_size", mysqlName, "", "0", srcMy568},
	{"binlog_expire_logs_seconds", mysqlName, ">=8.0.1", "2592000", srcMy80},
	{"binlog_expire_logs_seconds", mariaName, ">=10.6.1", "0", srcMaria},
	{"expire_logs_days", "", "", "0", srcMy80 + "; " + srcMaria},
	{"query_cache_size", mysqlName, "<5.6.8", "0", srcMy568},
	{"query_cache_size", mysqlName, "<8.0.3", "1M", srcMy57},
	{"query_cache_size", mariaName, ">=10.1.7", "1M", srcMaria + " (from 10.1.7)"},
	{"query_cache_size", mariaName, "", "0", srcMaria + " (1M from 10.1.7)"},
	{"query_cache_type", mysqlName, "<5.6.8", "ON", srcMy568},
	{"query_cache_type", mysqlName, "<8.0.3", "OFF", srcMy57},
	{"query_cache_type", mariaName, ">=10.1.7", "OFF", srcMaria + " (from 10.1.7)"},
	{"query_cache_type", mariaName, "", "ON", srcMaria + " (OFF from 10.1.7)"},
	{"table_definition_cache", "", "", "2000", srcMy80 + " (autosized: 400 + table_open_cache / 2)"},
}

// defaultValue returns the default of name for the flavor and version, the
// manual it comes from, and false when no default is known.
func defaultValue(flavor string, v profile.Version, cpus int, name string) (value, source string, ok bool) {
	fl := flavor
	if fl == profile.FlavorPercona {
		fl = mysqlName // Percona Server keeps MySQL's defaults
	}
	if name == "innodb_read_io_threads" && fl == mysqlName && v.AtLeast(8, 4, 0) {
		n := max(cpus/2, 4) // MySQL 8.4 manual: logical processors / 2, minimum 4
		return itoa(n), srcMy84, true
	}
	for _, d := range defaults {
		if d.name != name || (d.flavor != "" && d.flavor != fl) {
			continue
		}
		r, err := parseRange(d.versions)
		if err == nil && r.contains(v) {
			return d.value, d.source, true
		}
	}
	return "", "", false
}
