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

// TmpTableAfter is tmp_table_size once the advice is applied: the value in
// effect, lowered (to whole MiB, never below T.TmpTableMinBytes) when the
// connections kept, each with its buffers and an in-memory temporary
// table, do not fit next to the pool planned (memPlan step 2).
func (e Env) TmpTableAfter() uint64 { return e.memPlan().TmpBytes }

// TmpTableReason gives the numbers memory.tmp_table_size_memory lowers
// tmp_table_size on.
func (e Env) TmpTableReason() string {
	m, buf, now := e.memPlan(), e.BuffersAfterBytes(), e.tmpCap(e.F.TmpTableBytes)
	conns := e.bufConns()
	s := fmt.Sprintf("%s, each with %s of buffers and an in-memory temporary table of up to %s, may take %s at once; %s is left for them (the %s usable less the %s reserve, a %s buffer pool and %s of global buffers), %s each",
		connsText(conns), e.Human(buf), e.Human(now), e.Human(float64(conns)*float64(buf+now)), e.Human(m.RoomBytes),
		e.Human(e.EffectiveMemBytes()), e.Human(e.ReserveBytes()), e.Human(m.PoolBytes), e.Human(e.GlobalAfterBytes()),
		e.Human(m.RoomBytes/uint64(max(conns, 1))))
	if m.Step == memTmpLowered {
		return s + fmt.Sprintf(". %s (that less the buffers, rounded down to whole MiB) keeps them within it: a larger temporary table goes to disk, slower for that query, instead of the OOM killer ending the server; the pool and max_connections stay as sized",
			e.Human(m.TmpBytes))
	}
	s += fmt.Sprintf(". Even %s, the least mytune advises (tmp_table_min_bytes), does not fit, so max_connections is lowered too (see memory.max_connections_memory)",
		e.Human(m.TmpBytes))
	if m.Step == memPoolShrunk {
		s += " and the buffer pool gets what is left"
	}
	return s
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
