package rules

import (
	"fmt"
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// In-memory temporary tables and the global caches next to the buffer
// pool (QA 13: a 512 MiB cgroup advised 38 connections from their buffers
// alone; 36 sessions each building a GROUP BY temporary table of 15-30 MB
// got mariadbd OOM-killed). The MySQL 8.4 manual, "How MySQL Uses Memory",
// and the MariaDB KB, "MariaDB Memory Allocation", list both: an in-memory
// internal temporary table per query up to the smaller of tmp_table_size
// and max_heap_table_size, and the global key cache (key_buffer_size) and
// Aria page cache (aria_pagecache_buffer_size, MariaDB; 128M by default).

// heapLimited is true when in-memory internal temporary tables are MEMORY
// tables, held to the smaller of tmp_table_size and max_heap_table_size:
// MariaDB, MySQL before 8.0.2, and MySQL with
// internal_tmp_mem_storage_engine=MEMORY. Otherwise MySQL uses TempTable
// (tempTableShare).
func (e Env) heapLimited() bool {
	return e.F.IsMariaDB() || !e.F.Version.AtLeast(8, 0, 2) || strings.EqualFold(e.F.TmpMemEngine, "MEMORY")
}

// HeapLimited is heapLimited for the rules: memory.tmp_table_size_mismatch
// applies where max_heap_table_size bounds temporary tables.
func (e Env) HeapLimited() bool { return e.heapLimited() }

// tempTableBlockBytes is the thread-local block each session using
// TempTable holds outside temptable_max_ram: 1 MiB when its first request
// is under 1 MiB, "which it is in most cases" (MySQL 8.0 manual, "Internal
// Temporary Table Use in MySQL", the note under temptable_max_ram).
const tempTableBlockBytes = 1 << 20

// tempTableRAMDefault fills temptable_max_ram's MySQL 8.4 default when the
// server did not say and no file set it: 3% of the host's memory, at least
// 1 GiB and at most 4 GiB (MySQL 8.4 manual, temptable_max_ram; the
// mysql-8.4.8 capture in ../shared/fixtures shows 4294967296 on a large
// host). memBytes 0 (unknown) keeps 8.0's 1G, the least 8.4 takes.
func (f *Facts) tempTableRAMDefault(memBytes uint64) {
	if f.Set["temptable_max_ram"] || f.IsMariaDB() || !f.Version.AtLeast(8, 4, 0) || memBytes == 0 {
		return
	}
	f.Raw["temptable_max_ram"] = profile.FormatSize(min(max(memBytes*3/100, 1<<30), 4<<30))
	f.DefaultSource["temptable_max_ram"] = srcMy84 + " (temptable_max_ram: 3% of memory, 1-4 GiB)"
}

// heapAfter is max_heap_table_size once memory.tmp_table_size_mismatch
// (which raises it towards tmp_table_size tmp) is applied.
func (e Env) heapAfter(tmp uint64) uint64 {
	h := e.F.MaxHeapTableBytes
	if !e.heapLimited() || tmp <= h {
		return h
	}
	want := tmp
	if e.MemoryKnown() {
		want = min(want, e.heapRoomBytes())
	}
	return max(h, want)
}

// tempTableBound is the most one TempTable temporary table may hold with
// tmp_table_size tmp: tmp from MySQL 8.0.28, which made tmp_table_size
// its per-table limit (8.0.28 release notes); before, only
// temptable_max_ram bounds it.
func (e Env) tempTableBound(tmp uint64) uint64 {
	if e.F.Version.AtLeast(8, 0, 28) {
		return tmp
	}
	return math.MaxUint64
}

// tmpCap is one connection's share of the in-memory temporary tables, at
// worst, with tmp_table_size tmp (and max_heap_table_size after the
// advice) when conns connections build one each at once. MEMORY tables:
// min(tmp, heap). TempTable: the smaller of its own bound and an equal
// share of temptable_max_ram, the pool all sessions draw from, for what
// does not fit in its thread-local block (tempTableBlockBytes, outside
// that pool), plus the block.
func (e Env) tmpCap(tmp uint64, conns int) uint64 {
	if !e.heapLimited() {
		ram := e.F.TempTableRAMBytes
		if ram == 0 { // not said and no default read: 8.0's 1 GiB, the least any version uses
			ram = 1 << 30
		}
		share := ram / uint64(max(conns, 1))
		return tempTableBlockBytes + min(e.tempTableBound(tmp)-min(e.tempTableBound(tmp), tempTableBlockBytes), share)
	}
	return min(tmp, e.heapAfter(tmp))
}

// tmpTotal is what conns connections' in-memory temporary tables take at
// once, at worst, with tmp_table_size tmp (tmpCap).
func (e Env) tmpTotal(tmp uint64, conns int) uint64 {
	return satMul(e.tmpCap(tmp, conns), uint64(max(conns, 0)))
}

// satAdd is a + b, held to math.MaxUint64 (sizes near 2^64, as
// tmp_table_size = 18446744073709551615 is, must not wrap to small ones).
func satAdd(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}

// satSum is the sum of xs, held to math.MaxUint64.
func satSum(xs ...uint64) uint64 {
	var s uint64
	for _, x := range xs {
		s = satAdd(s, x)
	}
	return s
}

// satMul is a × n, held to math.MaxUint64.
func satMul(a, n uint64) uint64 {
	if n != 0 && a > math.MaxUint64/n {
		return math.MaxUint64
	}
	return a * n
}

// connsFit is how many connections, each with buf of buffers and an
// in-memory temporary table at tmp_table_size tmp, fit in room. The total
// grows with the count, so it is the largest n whose total fits: with
// TempTable past the point where n tables fill temptable_max_ram, each
// more connection adds only its buffers and block.
func (e Env) connsFit(room, buf, tmp uint64) int {
	lo, hi := 0, int(min(room/max(buf, 1), MaxConnectionsLimit))
	for lo < hi {
		n := (lo + hi + 1) / 2
		if satAdd(satMul(buf, uint64(n)), e.tmpTotal(tmp, n)) <= room {
			lo = n
		} else {
			hi = n - 1
		}
	}
	return lo
}

// TmpTableBoundText says what bounds one connection's in-memory temporary
// table on this server, with the values in effect.
func (e Env) TmpTableBoundText() string {
	if e.heapLimited() {
		return fmt.Sprintf("of up to the smaller of tmp_table_size (%s) and max_heap_table_size (%s): MEMORY tables",
			e.Human(e.F.TmpTableBytes), e.Human(e.F.MaxHeapTableBytes))
	}
	s := fmt.Sprintf("with TempTable: every session's tables share temptable_max_ram (%s), and each session holds a 1 MiB block outside it", e.Human(e.F.TempTableRAMBytes))
	if e.tmpLowerable() {
		s += fmt.Sprintf("; one table is held to tmp_table_size (%s)", e.Human(e.F.TmpTableBytes))
	}
	return s + " (MySQL 8.0 manual, Internal Temporary Table Use)"
}

// tmpLowerable is true when lowering tmp_table_size bounds every
// in-memory temporary table: MEMORY tables, and TempTable from MySQL
// 8.0.28 (tempTableBound).
func (e Env) tmpLowerable() bool { return e.heapLimited() || e.F.Version.AtLeast(8, 0, 28) }

// TmpTableConnBytes is one connection's share of the in-memory temporary
// tables with the settings now (tmpCap at max_connections).
func (e Env) TmpTableConnBytes() uint64 {
	if !e.heapLimited() {
		return e.tmpCap(e.F.TmpTableBytes, e.F.MaxConnections)
	}
	return min(e.F.TmpTableBytes, e.F.MaxHeapTableBytes)
}

// TmpTableAfter is tmp_table_size once the advice is applied: the value in
// effect, lowered (to whole MiB, never below T.TmpTableMinBytes) when the
// connections kept, each with its buffers and an in-memory temporary
// table, do not fit next to the pool planned (memPlan step 2).
func (e Env) TmpTableAfter() uint64 { return e.memPlan().TmpBytes }

// TmpTableReason gives the numbers memory.tmp_table_size_memory lowers
// tmp_table_size on.
func (e Env) TmpTableReason() string {
	m, buf, conns := e.memPlan(), e.BuffersAfterBytes(), e.bufConns()
	now := e.tmpCap(e.F.TmpTableBytes, conns)
	s := fmt.Sprintf("%s, each with %s of buffers and an in-memory temporary table of up to %s%s, may take %s at once; %s is left for them (the %s usable less the %s reserve, a %s buffer pool and %s), %s each",
		e.planConnsText(), e.Human(buf), e.Human(now), e.heapRaisedText(e.F.TmpTableBytes, conns), e.Human(float64(conns)*float64(buf+now)), e.Human(m.RoomBytes),
		e.Human(e.EffectiveMemBytes()), e.Human(e.ReserveBytes()), e.Human(m.PoolBytes), e.globalText(e.GlobalAfterBytes()),
		e.Human(m.RoomBytes/uint64(max(conns, 1))))
	if m.Step == memTmpLowered {
		return s + fmt.Sprintf(". %s (that less the buffers, rounded down to whole MiB) keeps them within it: a larger temporary table goes to disk, slower for that query, instead of the OOM killer ending the server; the pool and max_connections stay as sized",
			e.Human(m.TmpBytes))
	}
	s += fmt.Sprintf(". Even %s, the least mytune advises (tmp_table_min_bytes), does not fit, so max_connections is lowered too, to %d (see memory.max_connections_memory)",
		e.Human(m.TmpBytes), m.Conns)
	if m.Step == memPoolShrunk {
		s += " and the buffer pool gets what is left"
	}
	return s
}

// GlobalBytes is the global buffers next to the pool now: the InnoDB log
// buffer, the key cache, (MariaDB) the Aria page cache, MyRocks' block
// cache and memtables (RocksDBBytes) and the live server's performance
// schema memory.
func (e Env) GlobalBytes() uint64 {
	return satSum(e.F.LogBufferBytes, e.F.KeyBufferBytes, e.F.AriaPagecacheBytes, e.RocksDBBytes(), e.F.PerfSchemaBytes)
}

// GlobalAfterBytes is GlobalBytes once the advice is applied.
func (e Env) GlobalAfterBytes() uint64 {
	return satAdd(e.otherGlobalAfterBytes(), e.RocksDBAfterBytes())
}

// globalText says b of global buffers, naming MyRocks' share and the
// performance schema's when they have one (the latter can be most of
// them: 142 MB at max_connections 2000 against a 16 MB log buffer).
func (e Env) globalText(b uint64) string {
	var among []string
	if r := e.rocksDBText(); r != "" {
		among = append(among, r)
	}
	if e.F.PerfSchemaBytes > 0 {
		among = append(among, "the performance schema's "+e.Human(e.F.PerfSchemaBytes))
	}
	s := e.Human(b) + " of global buffers"
	if len(among) > 0 {
		s += " (" + strings.Join(among, " and ") + " among them" + e.rocksDBAsideText() + ")"
	}
	if e.F.PerfSchemaUncounted {
		s += " (not counting the performance schema's memory: it is on, and only a " +
			"live server read with the PROCESS privilege shows it)"
	}
	return s
}

// MinPoolAsideText names the server's own pool beside the smallest pool
// MemoryTight judges with, when they differ: a DBA whose pool is 256M read
// "do not fit next to a 128.0 MiB pool" as a misread pool (review r21).
func (e Env) MinPoolAsideText() string {
	if e.F.BufferPoolBytes == 0 || e.F.BufferPoolBytes == e.T.BufferPoolMinBytes {
		return ""
	}
	if e.F.HasServer {
		return "; the server has " + e.Human(e.F.BufferPoolBytes)
	}
	return "; the pool is " + e.Human(e.F.BufferPoolBytes)
}

// Bounds of redo.log_buffer_waits: it doubles innodb_log_buffer_size, to
// at least 64 MiB, while the buffer is below 256 MiB (the MySQL 8.4 manual,
// innodb_log_buffer_size: a large log buffer lets large transactions run
// without writing the log before they commit; 256 MiB is where mytune
// stops growing it on waits alone).
const (
	logBufferWaitMinBytes = 64 << 20
	logBufferWaitCapBytes = 256 << 20
)

// LogBufferAfter is innodb_log_buffer_size once the advice is applied:
// on MySQL and Percona 8.0+ (where it is dynamic) with Innodb_log_waits
// above 0 and the buffer below logBufferWaitCapBytes, doubled and at least
// logBufferWaitMinBytes (redo.log_buffer_waits); else the value in effect.
// The memory plan counts it among the global buffers, so the pool is not
// sized next to the old buffer (advised again, the pool then shrank by
// what the new buffer took).
func (e Env) LogBufferAfter() uint64 {
	cur := e.F.LogBufferBytes
	if e.F.LogWaits > 0 && cur < logBufferWaitCapBytes && e.F.Flavor != profile.FlavorMariaDB && e.F.Version.AtLeast(8, 0, 0) {
		return max(satMul(cur, 2), logBufferWaitMinBytes)
	}
	return cur
}

// KeyBufferAfter is key_buffer_size once the advice is applied: on tight
// memory (MemoryTight) with no MyISAM user table (the server listed its
// tables), T.SmallKeyBufferBytes; on tight memory with no server read (the
// engines unknown) and a size no my.cnf chose (the flavor's default),
// T.UnreadKeyBufferBytes, MySQL's own default; else the default when
// memory.key_buffer_unused lowers it; else what the MyISAM indexes want
// when memory.key_buffer_small grows it (KeyBufferGrowBytes); else the
// value in effect.
func (e Env) KeyBufferAfter() uint64 {
	cur := e.F.KeyBufferBytes
	switch {
	case e.F.HasServer && e.F.MyISAMTables == 0 && e.MemoryTight():
		return min(cur, e.T.SmallKeyBufferBytes)
	case !e.F.HasServer && !e.F.Set["key_buffer_size"] && e.MemoryTight():
		return min(cur, e.T.UnreadKeyBufferBytes)
	case e.KeyBufferUnused():
		return min(cur, e.KeyBufferDefault())
	case e.KeyBufferGrowBytes() > 0:
		return e.KeyBufferGrowBytes()
	}
	return cur
}

// AriaPagecacheAfter is aria_pagecache_buffer_size once the advice is
// applied: on tight memory with no Aria user table (the server listed its
// tables), or with no server read and a size no my.cnf chose,
// T.SmallAriaPagecacheBytes, which still caches the on-disk temporary
// tables MariaDB writes as Aria; else what the Aria tables want when
// memory.aria_pagecache_small grows it (AriaPagecacheGrowBytes); else the
// value in effect.
func (e Env) AriaPagecacheAfter() uint64 {
	cur := e.F.AriaPagecacheBytes
	unread := !e.F.HasServer && !e.F.Set["aria_pagecache_buffer_size"]
	if (unread || (e.F.HasServer && e.F.AriaTables == 0)) && e.MemoryTight() {
		return min(cur, e.T.SmallAriaPagecacheBytes)
	}
	if g := e.AriaPagecacheGrowBytes(); g > 0 {
		return g
	}
	return cur
}

// EngineUseText says why the cache of engine (MyISAM's key cache, Aria's
// page cache) can shrink: none of the user tables the server listed uses
// it, or, with no server read, that this is not known and what a table of
// that engine keeps (it works, with more of its reads going to disk).
func (e Env) EngineUseText(engine string) string {
	if e.F.HasServer {
		return fmt.Sprintf("none of the %d user tables is %s", e.F.Tables, engine)
	}
	return "no server was read, so whether any table is " + engine + " is not known (such a table keeps working with " +
		"the smaller cache, its reads going to disk more often; SELECT ENGINE, COUNT(*) FROM information_schema.TABLES " +
		"GROUP BY ENGINE lists them)"
}
