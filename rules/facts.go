package rules

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Facts is the one typed view of the server settings the rules read: every
// variable parsed once (profile.ParseSize / ParseBool), with the flavor's
// documented default where the value is unknown.
type Facts struct {
	Flavor  string
	Version profile.Version
	// VersionText is the version as given ("8.0.36-28", "8.4").
	VersionText string
	// TargetSource says where flavor/version came from: server, mycnf, flag, default.
	TargetSource string
	// HasServer is true when a live server answered.
	HasServer bool
	// CompileMachine is the server's version_compile_machine ("x86_64",
	// "i686", "armv7l"; "" when not read): a 32-bit build caps the pool.
	CompileMachine string
	// TableCacheInstances is table_open_cache_instances (0 when not read).
	TableCacheInstances int
	// InnoDBVersion is the server's innodb_version ("" when not shown:
	// MySQL 5.0 and 5.1's built-in InnoDB have none).
	InnoDBVersion string
	// CompileOS is the server's version_compile_os ("Linux",
	// "debian-linux-gnu", "Win64", "osx10.19"; "" when not read).
	CompileOS string

	// Raw holds the effective raw value of every known variable.
	Raw map[string]string
	// Set is true for variables read from the server or my.cnf (not defaulted).
	Set map[string]bool
	// DefaultSource names the manual page each defaulted value comes from.
	DefaultSource map[string]string
	// Derived says how innodb_dedicated_server = ON derived each value it
	// set (dedicatedDefaults).
	Derived map[string]string
	// Problems lists values that could not be parsed (the default was used).
	Problems []string

	BufferPoolBytes, BufferPoolChunkBytes                uint64
	BufferPoolInstances                                  int
	RedoCapacityBytes                                    uint64 // total redo, all files
	LogFileSizeBytes, LogBufferBytes, LogWriteAheadBytes uint64
	LogFilesInGroup                                      int
	FlushMethod                                          string
	FlushNeighbors, ReadIOThreads, WriteIOThreads        int
	Doublewrite, LogBin, DedicatedServer                 bool
	FilePerTable                                         bool
	FlushLogAtTrxCommit                                  int
	MaxConnections                                       int
	SortBufferBytes, JoinBufferBytes                     uint64
	ReadBufferBytes, ReadRndBufferBytes                  uint64
	BinlogCacheBytes, ThreadStackBytes                   uint64
	TmpTableBytes, MaxHeapTableBytes                     uint64
	// TempTableRAMBytes is temptable_max_ram (MySQL 8.0.2+, 0 elsewhere):
	// the RAM every session's TempTable temporary tables share.
	TempTableRAMBytes uint64
	// TmpMemEngine is internal_tmp_mem_storage_engine (MySQL 8.0.2+:
	// TempTable or MEMORY; "" elsewhere).
	TmpMemEngine string
	// FlushLogTimeoutS is innodb_flush_log_at_timeout (flushLogTimeout):
	// how often the redo log is synced when commits do not sync it.
	FlushLogTimeoutS int
	// KeyBufferBytes is key_buffer_size, AriaPagecacheBytes MariaDB's
	// aria_pagecache_buffer_size (0 on MySQL): global caches counted in
	// the memory budget.
	KeyBufferBytes, AriaPagecacheBytes uint64
	// PerfSchemaBytes is the live server's performance schema memory
	// (profile.Server.PerfSchemaBytes), counted with the global buffers;
	// PerfSchemaUncounted: it is on but its memory was not read.
	PerfSchemaBytes     uint64
	PerfSchemaUncounted bool
	// RocksDBBlockCacheBytes and RocksDBMemtableBytes are MyRocks' block
	// cache and the most its memtables take (rocksdb.go), 0 without it.
	RocksDBBlockCacheBytes, RocksDBMemtableBytes uint64
	// RocksDBTables is the user tables in MyRocks, RocksDBFlushLog its
	// rocksdb_flush_log_at_trx_commit (-1: the plugin is not loaded).
	RocksDBTables, RocksDBFlushLog int
	// RocksDBDataBytes is the MyRocks tables' data and index bytes
	// (information_schema.TABLES), 0 without them.
	RocksDBDataBytes uint64
	// InnoDBTables counts the user tables in InnoDB, -1 when the server
	// did not list its tables (commitengines.go).
	InnoDBTables                         int
	TableOpenCache, TableDefinitionCache int
	// OpenFilesLimit is the live server's open_files_limit (the file
	// descriptors it got), 0 when unknown: a my.cnf's value is only asked for.
	OpenFilesLimit int

	// IOCapacity, IOCapacityMax and SyncBinlog are counts as set, at full
	// width: each takes values past 2^31 (innodb_io_capacity up to 2^64-1,
	// sync_binlog 2^32-1), which an int held to 2147483647 where it has 32
	// bits (Raspberry Pi OS 32-bit): a max below the capacity read equal and
	// the texts stated a figure no my.cnf held (review r33).
	IOCapacity, IOCapacityMax, SyncBinlog uint64

	DataBytes uint64
	Tables    int
	// LargestTable is the biggest user table (data + indexes), zero if unknown.
	LargestTable profile.TableSize
	// UptimeS is the server's Uptime status in seconds, 0 if unknown.
	UptimeS float64
	// RedoBytesPerS is the redo write rate: the one probe/server sampled
	// (Server.RedoBytesPerS, basis "sampled"), else Innodb_os_log_written /
	// Uptime (average since start); 0 if unknown or, for the average, the
	// server is up for less than an hour.
	RedoBytesPerS float64
	// RedoRateBasis is how RedoBytesPerS was got: "sampled", "lifetime" or "".
	RedoRateBasis string
	// LogWaits is the Innodb_log_waits status counter, 0 if unknown.
	LogWaits int64
	// IndexBytes is the user tables' INDEX_LENGTH (DataBytes is DATA_LENGTH).
	IndexBytes uint64
	// InnoDBDataBytes and InnoDBIndexBytes are DATA_LENGTH and INDEX_LENGTH
	// of the InnoDB user tables, what the buffer pool caches (all user
	// tables' when the profile has no per-engine sizes).
	InnoDBDataBytes, InnoDBIndexBytes uint64
	// InnoDBFileBytes is the user tables' InnoDB tablespace files
	// (profile.Server.InnoDBFileBytes), 0 when not read.
	InnoDBFileBytes uint64
	// PoolDataPageBytes is the buffer pool's pages holding data
	// (Innodb_buffer_pool_pages_data × innodb_page_size), 0 if unknown;
	// PoolFreeShare its free pages' share of all (pages_free / pages_total),
	// -1 if unknown.
	PoolDataPageBytes uint64
	PoolFreeShare     float64
	// PoolFreePages is Innodb_buffer_pool_pages_free, PoolCleanerFreePages
	// the free pages InnoDB's page cleaner keeps once the pool is full
	// (innodb_lru_scan_depth per instance: MySQL 8.4 and MariaDB manuals,
	// innodb_lru_scan_depth), 0 if unknown; PoolEvictedPages the pages
	// taken from the LRU list to make room (MariaDB's
	// Innodb_buffer_pool_pages_LRU_freed, or Innodb_buffer_pool_pages_evicted
	// where a server has it), -1 if unknown.
	PoolFreePages, PoolCleanerFreePages float64
	// PoolTotalPages is Innodb_buffer_pool_pages_total, 0 if unknown.
	PoolTotalPages   float64
	PoolEvictedPages float64
	// ReplicaRole is the server's place in replication as probe/server
	// read it ("replica", "source", "" when none or unread);
	// ReplicaRunning is false when an I/O or SQL thread of a channel is
	// stopped; ReplicaChannels the replica's channels; ReplicaSecondsBehind
	// the largest Seconds_Behind_Master beyond the configured delay (-1
	// when NULL or unknown);
	// ReplicasConnected the replicas reading a source's binary log.
	// SeesAllTables is false when the account reading the server saw none
	// of the mysql schema's tables (profile.Server.SystemTables 0): its
	// table sizes may leave out tables it may not see.
	SeesAllTables bool
	// StatusRead is true when SHOW GLOBAL STATUS answered (its counters
	// are then known, zero included).
	StatusRead bool
	// TablesError is why the table sizes could not be read ("" when they
	// were): DataBytes and Tables are then unknown, not zero.
	TablesError string
	// Captured is true when the server is a saved SHOW GLOBAL VARIABLES
	// (and STATUS) capture, not a live one (profile.ServerSourceCapture):
	// what a capture lacks is read from the live server, not read again.
	Captured             bool
	ReplicaRole          string
	ReplicaRunning       bool
	ReplicaChannels      int
	ReplicaSecondsBehind int64
	// ReplicaDelayS is the replica's configured delay (SQL_Delay), whose
	// seconds ReplicaSecondsBehind leaves out.
	ReplicaDelayS     int64
	ReplicasConnected int
	// ReplicaLeftoverChannels are the stopped replica configurations a
	// source still holds (profile.Replication.LeftoverChannels).
	ReplicaLeftoverChannels int
	// ReplicaByGTID is true for a MariaDB replica whose every channel
	// replicates by GTID position (profile.Replication.GTIDPosition).
	ReplicaByGTID bool
	// ReplicaRelayBytes is the replica's relay logs on disk and
	// ReplicaQueued the transactions it fetched and has not applied, -1
	// when unknown (profile.Replication.RelayLogBytes, QueuedTransactions).
	ReplicaRelayBytes uint64
	ReplicaQueued     int64
	// Usage holds the status counters of pool misses, query cache and connections.
	Usage Usage
	// QueryCacheType is query_cache_type as the server reads it (OFF, ON,
	// DEMAND, or 0/1/2); QueryCacheBytes is query_cache_size.
	QueryCacheType  string
	QueryCacheBytes uint64
	// BinlogExpireS is how long binary logs are kept before the server
	// purges them (binlog_expire_logs_seconds, else expire_logs_days x
	// 86400): 0 = never, -1 = a value that did not parse.
	BinlogExpireS float64
	// MyISAMTables counts the user tables whose indexes the key cache holds
	// (MyISAM and MRG_MyISAM), -1 when the server did not say.
	MyISAMTables int
	// MyISAMIndexBytes is the index bytes of those tables (what the key
	// cache would hold to keep them all).
	MyISAMIndexBytes uint64
	// KeyReads and KeyReadRequests are the key cache's misses (index
	// blocks read from disk) and lookups since the server started.
	KeyReads, KeyReadRequests float64
	// InnoDBOff is true when the server has no InnoDB (innodbOff): no
	// InnoDB rule runs.
	InnoDBOff bool
	// InnoDBReadOnly is true for a server with innodb_read_only ON
	// (innodbReadOnly): what it reports of writing is the read-only mode's.
	InnoDBReadOnly bool
	// AriaTables counts the user tables of the Aria engine, whose pages
	// aria_pagecache_buffer_size caches, -1 when the server did not say.
	AriaTables int
	// AriaBytes is the data and index bytes of those tables (ariaBytes);
	// AriaReads and AriaReadRequests the page cache's misses and requests.
	AriaBytes                   uint64
	AriaReads, AriaReadRequests float64
	// Galera is true for a Galera cluster node (galeraOn); GaleraNodes,
	// GaleraReplLatencyS and GaleraReplSamples are wsrep_cluster_size and
	// wsrep_evs_repl_latency's average and samples (readGaleraStatus).
	Galera                         bool
	GaleraNodes, GaleraReplSamples int
	GaleraReplLatencyS             float64
}

// BuildFacts reads the variables of p (live server first, else my.cnf) for
// the given target and fills the rest from the defaults.
func BuildFacts(p profile.Profile, t profile.Target) (Facts, error) {
	if t.Unknown() {
		return Facts{}, fmt.Errorf("building facts: the target server is unknown (%s): pass --target mysql-8.4 or mariadb-10.11", t.Reason)
	}
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil {
		return Facts{}, fmt.Errorf("building facts: %w (use --target mysql-8.4 or mariadb-10.11)", err)
	}
	v = seriesFloor(t.Flavor, t.Version, v)
	f := Facts{Flavor: t.Flavor, Version: v, VersionText: t.Version, TargetSource: t.Source,
		Raw: map[string]string{}, Set: map[string]bool{}, DefaultSource: map[string]string{}, Derived: map[string]string{}, MyISAMTables: -1, AriaTables: -1, InnoDBTables: -1}
	vars := map[string]string{}
	if p.MyCnf != nil {
		// mysqld and mariadbd read different groups, and each its own version's
		copyVars(vars, p.MyCnf.Effective(t.Flavor, fmt.Sprintf("%d.%d", v.Major, v.Minor)))
	}
	if s := p.Server; s != nil && s.Reachable {
		copyVars(vars, s.Variables)
		f.readServer(s)
	}
	f.InnoDBOff, f.Galera = innodbOff(f.Flavor, p.Server, vars), galeraOn(vars)
	f.InnoDBReadOnly = innodbReadOnly(vars)
	for _, off := range []string{"skip_log_bin", "disable_log_bin"} {
		if _, ok := vars[off]; ok {
			f.Set[off] = true
		}
	}
	names := make([]string, 0, len(knownVars))
	for name := range knownVars {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if raw, ok := vars[name]; ok {
			f.Raw[name], f.Set[name] = raw, true
			continue
		}
		if d, src, ok := defaultValue(f.Flavor, v, p.Host.CPU.Logical, name); ok {
			f.Raw[name], f.DefaultSource[name] = d, src
		}
	}
	f.tempTableRAMDefault(p.Host.Memory.TotalBytes)
	f.dedicatedDefaults(p.Host.Memory.TotalBytes, p.Host.CPU.Logical)
	f.ioCapacityMaxDefault()
	f.fill()
	f.fillBuild(p.Server, vars)
	f.Usage = usageOf(p)
	f.fillPerfSchema(p.Server, vars)
	f.fillRocksDB(p.Server, vars)
	f.fillQueryCache()
	f.fillBinlogExpiry()
	return f, nil
}

// readServer takes what a reachable server reported: its data and table
// sizes, status counters, redo rate, storage engines and replication.
func (f *Facts) readServer(s *profile.Server) {
	f.HasServer = true
	f.DataBytes, f.Tables, f.IndexBytes = s.DataBytes, s.Tables, s.IndexBytes
	f.InnoDBDataBytes, f.InnoDBIndexBytes = innodbBytes(s)
	f.InnoDBFileBytes = s.InnoDBFileBytes
	if len(s.LargestTables) > 0 {
		f.LargestTable = s.LargestTables[0]
	}
	f.readStatus(s.Status)
	f.StatusRead = len(s.Status) > 0
	f.readRedoRate(s)
	f.MyISAMTables, f.AriaTables = myISAMTables(s.Engines), engineTables(s.Engines, "aria")
	f.InnoDBTables = engineTables(s.Engines, "innodb")
	f.MyISAMIndexBytes, f.AriaBytes = myISAMIndexBytes(s.Engines), ariaBytes(s.Engines)
	f.SeesAllTables = s.SystemTables == nil || *s.SystemTables > 0
	f.TablesError, f.Captured = s.TablesError, s.Source == profile.ServerSourceCapture
	if r := s.Replication; r != nil {
		f.ReplicaRole, f.ReplicaRunning, f.ReplicaChannels = r.Role, r.Running, r.Channels
		f.ReplicaSecondsBehind, f.ReplicasConnected = r.LagBeyondDelay(), r.Replicas
		f.ReplicaDelayS, f.ReplicaLeftoverChannels = r.SQLDelayS, r.LeftoverChannels
		f.ReplicaByGTID = r.Role == profile.RoleReplica && r.GTIDPosition
		f.ReplicaRelayBytes, f.ReplicaQueued = r.RelayLogBytes, -1
		if r.QueuedTransactions != nil {
			f.ReplicaQueued = *r.QueuedTransactions
		}
	}
}

// fillBuild reads what the server's build says (version_compile_machine
// and _os, innodb_version), the free pages its page cleaner keeps
// (innodb_lru_scan_depth per pool instance) and, on MySQL 8.0.30+, the redo
// log it uses: it shows both redo settings but not which one is in effect
// (profile.ServerRedoBytes).
func (f *Facts) fillBuild(s *profile.Server, vars map[string]string) {
	if depth, err := strconv.Atoi(strings.TrimSpace(vars["innodb_lru_scan_depth"])); err == nil && f.HasServer {
		f.PoolCleanerFreePages = float64(depth * max(f.BufferPoolInstances, 1))
	}
	f.CompileMachine, f.CompileOS = vars["version_compile_machine"], vars["version_compile_os"]
	f.InnoDBVersion = vars["innodb_version"]
	f.TableCacheInstances, _ = strconv.Atoi(vars["table_open_cache_instances"])
	if s != nil && s.Reachable && f.UsesRedoCapacity() {
		if n := profile.ServerRedoBytes(s.Variables, s.Status); n > 0 {
			f.RedoCapacityBytes = n
		}
	}
}

// copyVars copies variables into dst with lower-case, underscore names.
func copyVars(dst, src map[string]string) {
	for k, val := range src {
		dst[strings.ReplaceAll(strings.ToLower(k), "-", "_")] = val
	}
}

// fill parses Raw into the typed fields.
func (f *Facts) fill() {
	f.BufferPoolBytes = f.size("innodb_buffer_pool_size")
	f.BufferPoolChunkBytes = f.size("innodb_buffer_pool_chunk_size")
	f.BufferPoolInstances = f.int("innodb_buffer_pool_instances")
	if !f.Set["innodb_buffer_pool_instances"] && f.Flavor != profile.FlavorMariaDB && f.BufferPoolBytes >= 1<<30 {
		f.BufferPoolInstances = 8 // MySQL 8.0 manual: default 8 when the pool is 1G or more
	}
	f.LogFileSizeBytes = f.size("innodb_log_file_size")
	f.LogFilesInGroup = f.logFilesInGroup()
	f.LogBufferBytes = f.size("innodb_log_buffer_size")
	f.LogWriteAheadBytes = f.size("innodb_log_write_ahead_size")
	f.RedoCapacityBytes = f.LogFileSizeBytes * uint64(f.LogFilesInGroup)
	if f.UsesRedoCapacity() && (f.Set["innodb_redo_log_capacity"] || !f.Set["innodb_log_file_size"]) {
		f.RedoCapacityBytes = f.size("innodb_redo_log_capacity")
	}
	f.IOCapacity = f.size("innodb_io_capacity")
	f.IOCapacityMax = f.size("innodb_io_capacity_max")
	if v, ok := f.Raw["innodb_flush_method"]; ok && strings.TrimSpace(v) == "" {
		// MySQL 5.x shows its default as an empty value: fdatasync, called fsync (MySQL 5.7 manual, innodb_flush_method)
		f.Raw["innodb_flush_method"] = "fsync"
	}
	f.FlushMethod = f.Raw["innodb_flush_method"]
	f.FlushNeighbors = f.int("innodb_flush_neighbors")
	f.ReadIOThreads = f.int("innodb_read_io_threads")
	f.WriteIOThreads = f.int("innodb_write_io_threads")
	dw := strings.ToUpper(strings.TrimSpace(f.Raw["innodb_doublewrite"]))
	f.Doublewrite = dw != "OFF" && dw != "0" && dw != "DETECT_ONLY" && dw != "FALSE"
	f.LogBin = f.logBin()
	f.DedicatedServer = f.bool("innodb_dedicated_server")
	f.FilePerTable = f.Raw["innodb_file_per_table"] == "" || f.bool("innodb_file_per_table")
	f.FlushLogAtTrxCommit = f.int("innodb_flush_log_at_trx_commit")
	f.clampFlushLog()
	f.FlushLogTimeoutS = flushLogTimeout(f.int("innodb_flush_log_at_timeout"))
	f.SyncBinlog = f.size("sync_binlog")
	f.MaxConnections = f.int("max_connections")
	f.clampMaxConnections()
	if page := f.size("innodb_page_size"); page > 0 {
		f.PoolDataPageBytes *= page
	} else {
		f.PoolDataPageBytes *= 16 << 10 // innodb_page_size's default (MySQL and MariaDB manuals)
	}
	f.SortBufferBytes, f.JoinBufferBytes = f.size("sort_buffer_size"), f.size("join_buffer_size")
	f.ReadBufferBytes, f.ReadRndBufferBytes = f.size("read_buffer_size"), f.size("read_rnd_buffer_size")
	f.BinlogCacheBytes, f.ThreadStackBytes = f.size("binlog_cache_size"), f.size("thread_stack")
	f.TmpTableBytes, f.MaxHeapTableBytes = f.size("tmp_table_size"), f.size("max_heap_table_size")
	f.KeyBufferBytes, f.AriaPagecacheBytes = f.size("key_buffer_size"), f.size("aria_pagecache_buffer_size")
	f.TempTableRAMBytes, f.TmpMemEngine = f.size("temptable_max_ram"), strings.TrimSpace(f.Raw["internal_tmp_mem_storage_engine"])
	f.TableOpenCache, f.TableDefinitionCache = f.int("table_open_cache"), f.int("table_definition_cache")
	if f.HasServer {
		if n, err := strconv.Atoi(strings.TrimSpace(f.Raw["open_files_limit"])); err == nil && n > 0 && f.Set["open_files_limit"] {
			f.OpenFilesLimit = n
		}
	}
}

// MaxConnectionsLimit is the most max_connections a server takes: larger
// values are held to it (MySQL 8.4 manual and MariaDB manual, "Server
// System Variables", max_connections: range 1 and 10 to 100000), as
// max_connections = 1e3 is (read as 1 with the E suffix, 2^60).
const MaxConnectionsLimit = 100000

// logBin reads log_bin: a server says ON/OFF, a my.cnf may give the log's
// base name ("log_bin = /var/log/mysql/mysql-bin" turns it on), and
// skip_log_bin / disable_log_bin in a my.cnf turn it off.
func (f *Facts) logBin() bool {
	if f.Set["skip_log_bin"] || f.Set["disable_log_bin"] {
		return false
	}
	raw := strings.TrimSpace(f.Raw["log_bin"])
	if b, err := profile.ParseBool(raw); err == nil {
		return b
	}
	return raw != ""
}

// UsesRedoCapacity is true for servers sized by innodb_redo_log_capacity (MySQL 8.0.30+).
func (f Facts) UsesRedoCapacity() bool {
	return f.Flavor != profile.FlavorMariaDB && f.Version.AtLeast(8, 0, 30)
}

// IsMariaDB is true for MariaDB targets.
func (f Facts) IsMariaDB() bool { return f.Flavor == profile.FlavorMariaDB }

// size parses a size variable; a bad value is recorded and the default used.
func (f *Facts) size(name string) uint64 {
	b, err := profile.ParseSize(f.Raw[name])
	if err != nil {
		return f.fallback(name, err, func(s string) (uint64, error) { return profile.ParseSize(s) })
	}
	return b
}

// int parses an integer variable (a size suffix is tolerated). A value
// past the int range is held to its largest: 18446744073709551615 (2^64-1)
// converted as it is wrapped to -1 (review r19: max_connections =
// 18446744073709551615 sized the buffer pool for "0 connections").
func (f *Facts) int(name string) int {
	return int(min(f.size(name), uint64(math.MaxInt)))
}

// bool parses an ON/OFF variable.
func (f *Facts) bool(name string) bool {
	b, err := profile.ParseBool(f.Raw[name])
	if err != nil {
		n := f.fallback(name, err, func(s string) (uint64, error) {
			x, e := profile.ParseBool(s)
			if x {
				return 1, e
			}
			return 0, e
		})
		return n == 1
	}
	return b
}

// fallback records a parse problem and returns the parsed default (0 if none).
func (f *Facts) fallback(name string, err error, parse func(string) (uint64, error)) uint64 {
	if _, known := f.Raw[name]; !known {
		return 0
	}
	f.Problems = append(f.Problems, fmt.Sprintf("%s = %q: %v; the default was used", name, f.Raw[name], err))
	d, _, ok := defaultValue(f.Flavor, f.Version, 0, name)
	if !ok {
		delete(f.Raw, name)
		return 0
	}
	f.Raw[name] = d
	x, _ := parse(d)
	return x
}

// itoa formats an int.
func itoa(n int) string { return strconv.Itoa(n) }
