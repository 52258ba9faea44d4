package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// rocksDBDefaultMemtableBytes is the memory MyRocks' memtables take when
// the server's column families were not read (a my.cnf or saved
// variables): its two column families, default and __system__, each up
// to MAX_WRITE_BUFFER_NUMBER 2 memtables of WRITE_BUFFER_SIZE 64 MiB
// (information_schema.ROCKSDB_CF_OPTIONS of MariaDB 10.11.19 with
// ha_rocksdb and no rocksdb_* options, review r35).
const rocksDBDefaultMemtableBytes = 2 * 2 * 64 * mib

// rocksDBDefaultBlockCacheBytes is rocksdb_block_cache_size when the
// my.cnf loads the plugin without setting it: 536870912 (MariaDB KB,
// "MyRocks System Variables"; SHOW VARIABLES of MariaDB 10.11.19 with
// --plugin-load-add=ha_rocksdb, review r38).
const rocksDBDefaultBlockCacheBytes = 512 * mib

// cnfLoadsRocksDB is true when a my.cnf's plugin_load or plugin_load_add
// names MyRocks: "ha_rocksdb", "ha_rocksdb.so" or "rocksdb=ha_rocksdb.so"
// (MariaDB KB, "Plugin Overview": "name=library;library2"). Debian's
// mariadb-plugin-rocksdb writes plugin-load-add=ha_rocksdb.so.
func cnfLoadsRocksDB(vars map[string]string) bool {
	for _, opt := range []string{"plugin_load", "plugin_load_add"} {
		for _, item := range strings.Split(vars[opt], ";") {
			name, lib, named := strings.Cut(strings.TrimSpace(item), "=")
			if !named {
				lib = name
			}
			lib = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(lib)), ".so")
			if lib == "ha_rocksdb" || (named && strings.EqualFold(strings.TrimSpace(name), "rocksdb")) {
				return true
			}
		}
	}
	return false
}

// fillRocksDB sets MyRocks' block cache and memtables when the plugin is
// loaded (rocksdb_block_cache_size among vars, the server's or my.cnf's; MariaDB KB,
// "MyRocks System Variables": default 536870912): memory next to the
// buffer pool that InnoDB's sizes never counted (review r35: a MyRocks
// server with a 128M pool held 793 MB resident, 442 MB of it block cache
// and 184 MB memtables). rocksdb_no_block_cache ON leaves the cache out;
// rocksdb_db_write_buffer_size above 0 caps all memtables together (its
// write buffer manager; RocksDB wiki, "Write Buffer Manager").
func (f *Facts) fillRocksDB(s *profile.Server, vars map[string]string) {
	f.RocksDBFlushLog = -1
	if s != nil && s.Reachable {
		f.RocksDBTables = max(engineTables(s.Engines, "rocksdb"), 0)
		for name, u := range s.Engines {
			if strings.EqualFold(name, "rocksdb") {
				f.RocksDBDataBytes = satAdd(f.RocksDBDataBytes, satAdd(u.DataBytes, u.IndexBytes))
			}
		}
	}
	raw, loaded := vars["rocksdb_block_cache_size"]
	if !loaded && !f.HasServer && cnfLoadsRocksDB(vars) {
		raw, loaded = strconv.FormatUint(rocksDBDefaultBlockCacheBytes, 10), true
	}
	if !loaded {
		return
	}
	f.RocksDBFlushLog = 1 // its default (MariaDB KB, "MyRocks System Variables")
	if n, err := strconv.Atoi(strings.TrimSpace(vars["rocksdb_flush_log_at_trx_commit"])); err == nil {
		f.RocksDBFlushLog = n
	}
	if noCache, set := vars["rocksdb_no_block_cache"]; !set || !isOn(noCache) {
		f.RocksDBBlockCacheBytes, _ = profile.ParseSize(strings.TrimSpace(raw))
	}
	mem := uint64(rocksDBDefaultMemtableBytes)
	if s != nil && s.RocksDBMemtableBytes > 0 {
		mem = s.RocksDBMemtableBytes
	}
	if db, err := profile.ParseSize(strings.TrimSpace(vars["rocksdb_db_write_buffer_size"])); err == nil && db > 0 {
		mem = min(mem, db)
	}
	f.RocksDBMemtableBytes = mem
}

// RocksDBBytes is MyRocks' memory counted with the global buffers: its
// block cache and memtables; 0 without the plugin.
func (e Env) RocksDBBytes() uint64 {
	return satAdd(e.F.RocksDBBlockCacheBytes, e.F.RocksDBMemtableBytes)
}

// rocksDBText names MyRocks' share of the global buffers after the
// advice (every caller states GlobalAfterBytes), "" without it.
func (e Env) rocksDBText() string {
	if e.RocksDBBytes() == 0 {
		return ""
	}
	cache := e.Human(e.RocksDBBlockCacheAfter()) + " block cache"
	if after := e.RocksDBBlockCacheAfter(); after < e.F.RocksDBBlockCacheBytes {
		cache += fmt.Sprintf(" (lowered from %s: memory.rocksdb_block_cache_small_memory)", e.Human(e.F.RocksDBBlockCacheBytes))
	}
	return fmt.Sprintf("MyRocks' %s and %s of memtables", cache, e.Human(e.F.RocksDBMemtableBytes))
}

// GlobalNamesText lists what the global buffers hold for a finding: the
// log buffer, the key cache, MariaDB's Aria page cache and MyRocks'
// caches when loaded.
func (e Env) GlobalNamesText() string {
	s := "log buffer, key cache"
	if e.F.IsMariaDB() {
		s += ", Aria page cache"
	}
	if e.RocksDBBytes() > 0 {
		s += ", MyRocks block cache and memtables"
	}
	return s
}

// isOn is true for a boolean variable's ON (a bare my.cnf flag included).
func isOn(raw string) bool {
	on, err := profile.ParseBool(strings.TrimSpace(raw))
	return err == nil && on
}

// rocksDBAsideText says, after the global buffers are stated, when mytune
// sizes MyRocks' cache (RocksDBBlockCacheAfter) and how it is lowered ("" where
// memory.rocksdb_block_cache_small_memory lowers it): SET GLOBAL
// rocksdb_block_cache_size took 256M and 512M on MariaDB 10.11.19 (review
// r35); "" without MyRocks.
func (e Env) rocksDBAsideText() string {
	if e.RocksDBBytes() == 0 || e.RocksDBBlockCacheAfter() < e.F.RocksDBBlockCacheBytes {
		return ""
	}
	return "; mytune lowers MyRocks' block cache only where memory is short and a live server shows MyRocks holding most of the data: " +
		"SET GLOBAL rocksdb_block_cache_size lowers it online"
}

// GlobalAfterText is globalText of GlobalAfterBytes for the rules' texts.
func (e Env) GlobalAfterText() string { return e.globalText(e.GlobalAfterBytes()) }

// RocksDBCommitText says, for the commit-cost note, that MyRocks' tables
// commit through their own write-ahead log and whether it is synced at
// commit; "" without MyRocks tables. Measured on MariaDB 10.11.19 (review
// r35): 11633 sysbench write transactions made 11632 WAL syncs
// (Rocksdb_wal_synced) at rocksdb_flush_log_at_trx_commit 1, 28242 made
// 10 in 10 s at 2.
func (e Env) RocksDBCommitText() string {
	if e.F.RocksDBTables <= 0 || e.F.RocksDBFlushLog < 0 {
		return ""
	}
	s := fmt.Sprintf(" The server's %d MyRocks tables commit through MyRocks' own write-ahead log, not InnoDB's redo log: "+
		"rocksdb_flush_log_at_trx_commit is %d, ", e.F.RocksDBTables, e.F.RocksDBFlushLog)
	if e.F.RocksDBFlushLog == 1 {
		return s + "so it is synced at each of their commits too."
	}
	return s + "so it is not synced at their commits (durability.rocksdb_flush_log_strict)."
}
