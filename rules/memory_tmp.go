package rules

import "fmt"

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
// MariaDB and MySQL before 8.0. MySQL 8.0 and later use TempTable, each
// table held to tmp_table_size (MySQL 8.4 manual, "Internal Temporary
// Table Use in MySQL").
func (e Env) heapLimited() bool { return e.F.IsMariaDB() || !e.F.Version.AtLeast(8, 0, 0) }

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

// tmpCap is the largest in-memory temporary table one connection may
// build with tmp_table_size tmp (and max_heap_table_size after the advice).
func (e Env) tmpCap(tmp uint64) uint64 {
	if !e.heapLimited() {
		return tmp
	}
	return min(tmp, e.heapAfter(tmp))
}

// TmpTableConnBytes is the largest in-memory temporary table one
// connection may build with the settings now.
func (e Env) TmpTableConnBytes() uint64 {
	if !e.heapLimited() {
		return e.F.TmpTableBytes
	}
	return min(e.F.TmpTableBytes, e.F.MaxHeapTableBytes)
}

// connRoomBytes is the memory the connections' worst case may take once
// the advice is applied: what is left after the reserve, the
// T.BufferPoolMinBytes pool and the global buffers (the bound
// MaxConnectionsAfter keeps a max_connections that fits by).
func (e Env) connRoomBytes() uint64 {
	used := e.ReserveBytes() + e.T.BufferPoolMinBytes + e.GlobalAfterBytes()
	if used >= e.EffectiveMemBytes() {
		return 0
	}
	return e.EffectiveMemBytes() - used
}

// TmpTableAfter is tmp_table_size once the advice is applied: the value in
// effect, lowered (to whole MiB, never below T.TmpTableMinBytes) when the
// connections MaxConnectionsAfter keeps, each with its buffers and an
// in-memory temporary table, do not fit connRoomBytes.
func (e Env) TmpTableAfter() uint64 {
	tmp, conns := e.F.TmpTableBytes, e.MaxConnectionsAfter()
	if !e.MemoryKnown() || conns <= 0 {
		return tmp
	}
	each, buf := e.connRoomBytes()/uint64(conns), e.BuffersAfterBytes()
	if buf+e.tmpCap(tmp) <= each {
		return tmp
	}
	want := uint64(0)
	if each > buf {
		want = (each - buf) / mib * mib
	}
	return min(tmp, max(want, e.T.TmpTableMinBytes))
}

// TmpTableReason gives the numbers memory.tmp_table_size_memory lowers
// tmp_table_size on.
func (e Env) TmpTableReason() string {
	conns, buf, now := e.MaxConnectionsAfter(), e.BuffersAfterBytes(), e.tmpCap(e.F.TmpTableBytes)
	s := fmt.Sprintf("%d connections (max_connections as advised here), each with %s of buffers and an in-memory temporary table of up to %s, may take %s at once; %s is what they may take (what is left of the %s usable after the %s reserve, a %s buffer pool and %s of global buffers)",
		conns, e.Human(buf), e.Human(now), e.Human(float64(conns)*float64(buf+now)), e.Human(e.connRoomBytes()),
		e.Human(e.EffectiveMemBytes()), e.Human(e.ReserveBytes()),
		e.Human(e.T.BufferPoolMinBytes), e.Human(e.GlobalAfterBytes()))
	after := e.TmpTableAfter()
	if float64(conns)*float64(buf+e.tmpCap(after)) > float64(e.connRoomBytes()) {
		return s + fmt.Sprintf(". Even at %s, the least mytune advises (tmp_table_min_bytes), they do not fit: give the server more memory or put a connection pool in front",
			e.Human(after))
	}
	return s + fmt.Sprintf(". %s keeps them within it; a larger table goes to disk instead of the OOM killer ending the server", e.Human(after))
}

// GlobalBytes is the global buffers next to the pool now: the InnoDB log
// buffer, the key cache and (MariaDB) the Aria page cache.
func (e Env) GlobalBytes() uint64 {
	return e.F.LogBufferBytes + e.F.KeyBufferBytes + e.F.AriaPagecacheBytes
}

// GlobalAfterBytes is GlobalBytes once the advice is applied.
func (e Env) GlobalAfterBytes() uint64 {
	return e.F.LogBufferBytes + e.KeyBufferAfter() + e.AriaPagecacheAfter()
}

// MemoryTight is true when the max_connections in effect, each connection
// with its buffers after the advice and an in-memory temporary table, does
// not fit next to the global buffers, a T.BufferPoolMinBytes pool and the
// reserve.
func (e Env) MemoryTight() bool {
	if !e.MemoryKnown() {
		return false
	}
	b := e.budget(e.ConnPlanBytes(), 0, e.GlobalBytes())
	return MaxConnectionsFit(b, e.T.BufferPoolMinBytes) < e.F.MaxConnections
}

// KeyBufferAfter is key_buffer_size once the advice is applied: on tight
// memory (MemoryTight) with no MyISAM user table (the server listed its
// tables), T.SmallKeyBufferBytes; else the default when
// memory.key_buffer_unused lowers it; else the value in effect.
func (e Env) KeyBufferAfter() uint64 {
	cur := e.F.KeyBufferBytes
	switch {
	case e.F.HasServer && e.F.MyISAMTables == 0 && e.MemoryTight():
		return min(cur, e.T.SmallKeyBufferBytes)
	case e.KeyBufferUnused():
		return min(cur, e.KeyBufferDefault())
	}
	return cur
}

// AriaPagecacheAfter is aria_pagecache_buffer_size once the advice is
// applied: on tight memory with no Aria user table (the server listed its
// tables), T.SmallAriaPagecacheBytes; else the value in effect.
func (e Env) AriaPagecacheAfter() uint64 {
	cur := e.F.AriaPagecacheBytes
	if e.F.HasServer && e.F.AriaTables == 0 && e.MemoryTight() {
		return min(cur, e.T.SmallAriaPagecacheBytes)
	}
	return cur
}
