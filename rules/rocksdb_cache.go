package rules

import "fmt"

// rocksDBHoldsData is true when the server listed its tables and MyRocks
// holds more of their bytes (data and indexes) than InnoDB: its block
// cache then does the work the buffer pool does for InnoDB, and on tight
// memory it is the cache to lower before connections are refused (review
// r35, open 4: a MyRocks server in a 1 GiB cgroup was advised
// max_connections 10 with its 512M block cache untouched).
func (e Env) rocksDBHoldsData() bool {
	return e.F.HasServer && e.F.RocksDBTables > 0 && e.F.RocksDBDataBytes > satAdd(e.F.InnoDBDataBytes, e.F.InnoDBIndexBytes)
}

// RocksDBBlockCacheAfter is rocksdb_block_cache_size once the advice is
// applied: on tight memory (MemoryTight) with MyRocks holding the data,
// what is left for it beside everything else at max_connections
// (rocksDBOthersBytes), rounded down to a MiB, never below the smallest
// pool mytune keeps for InnoDB (T.BufferPoolMinBytes, the server's default
// pool: the cache of the same role) nor above the value in effect; else
// the value in effect. It changes online: SET GLOBAL
// rocksdb_block_cache_size = 64M took the block cache's usage
// (information_schema.ROCKSDB_DBSTATS DB_BLOCK_CACHE_USAGE) from
// 130311752 to 66927440 bytes at once on MariaDB 10.11.19, and a full
// scan after it kept it at 66984328 (review r38).
func (e Env) RocksDBBlockCacheAfter() uint64 {
	cur := e.F.RocksDBBlockCacheBytes
	if cur == 0 || !e.rocksDBHoldsData() || !e.MemoryTight() {
		return cur
	}
	return max(min(cur, e.rocksDBRoomBytes()), min(cur, e.T.BufferPoolMinBytes))
}

// rocksDBRoomBytes is what usable memory leaves for MyRocks' block cache
// (rocksDBOthersBytes), rounded down to a MiB; 0 when nothing is left.
func (e Env) rocksDBRoomBytes() uint64 {
	others, usable := e.rocksDBOthersBytes(), e.EffectiveMemBytes()
	if others >= usable {
		return 0
	}
	return (usable - others) / mib * mib
}

// rocksDBOthersBytes is everything the block cache must fit beside, as
// MemoryTight counts it: the reserve, the smallest pool mytune keeps,
// the other global buffers after the advice, MyRocks' memtables (not
// resized online: each column family's write_buffer_size is set at
// start) and max_connections x TightConnBytes.
func (e Env) rocksDBOthersBytes() uint64 {
	return satSum(e.ReserveBytes(), e.T.BufferPoolMinBytes, e.otherGlobalAfterBytes(), e.F.RocksDBMemtableBytes,
		e.rocksDBConnsBytes())
}

// otherGlobalAfterBytes is the global buffers after the advice other than
// MyRocks': the log buffer, the key cache, Aria's page cache and the
// performance schema.
func (e Env) otherGlobalAfterBytes() uint64 {
	return satSum(e.LogBufferAfter(), e.KeyBufferAfter(), e.AriaPagecacheAfter(), e.F.PerfSchemaBytes)
}

// rocksDBConnsBytes is max_connections x TightConnBytes.
func (e Env) rocksDBConnsBytes() uint64 {
	return satMul(e.TightConnBytes(), uint64(max(e.F.MaxConnections, 0)))
}

// RocksDBAfterBytes is MyRocks' memory once the advice is applied: its
// block cache (RocksDBBlockCacheAfter) and memtables.
func (e Env) RocksDBAfterBytes() uint64 {
	return satAdd(e.RocksDBBlockCacheAfter(), e.F.RocksDBMemtableBytes)
}

// RocksDBCacheText is memory.rocksdb_block_cache_small_memory's
// arithmetic, each figure the one RocksDBBlockCacheAfter used.
func (e Env) RocksDBCacheText() string {
	after := e.RocksDBBlockCacheAfter()
	left := fmt.Sprintf("leave %s of the %s usable for the block cache", e.Human(e.rocksDBRoomBytes()), e.Human(e.EffectiveMemBytes()))
	if e.rocksDBRoomBytes() == 0 {
		left = fmt.Sprintf("leave nothing of the %s usable for the block cache", e.Human(e.EffectiveMemBytes()))
	}
	if after > e.rocksDBRoomBytes() {
		left += fmt.Sprintf(", so %s, the smallest pool mytune keeps for InnoDB (buffer_pool_min_bytes), is what it keeps for MyRocks' cache too", e.Human(after))
	}
	return fmt.Sprintf("MyRocks holds most of the data (%d tables, %s of data and indexes; InnoDB's: %s). %d connections x %s "+
		"(buffers and an in-memory temporary table%s) = %s, the %s reserve, the smallest pool mytune keeps (%s), MyRocks' "+
		"%s of memtables (set at start) and %s of other global buffers %s.",
		e.F.RocksDBTables, e.Human(e.F.RocksDBDataBytes), e.Human(satAdd(e.F.InnoDBDataBytes, e.F.InnoDBIndexBytes)),
		max(e.F.MaxConnections, 0), e.Human(e.TightConnBytes()), e.TightTmpText(), e.Human(e.rocksDBConnsBytes()),
		e.Human(e.ReserveBytes()), e.Human(e.T.BufferPoolMinBytes), e.Human(e.F.RocksDBMemtableBytes),
		e.Human(e.otherGlobalAfterBytes()), left)
}
