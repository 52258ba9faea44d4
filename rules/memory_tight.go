package rules

import "fmt"

// MemoryTight is true when the max_connections in effect, each connection
// with its buffers after the advice and an in-memory temporary table at
// tightTmpBytes, does not fit next to the global buffers, a
// T.BufferPoolMinBytes pool and the reserve. It judges the temporary
// tables at the least memory.tmp_table_size_memory would lower them to,
// not at the tmp_table_size in effect: review r29 (2026-12-07, MariaDB
// 10.11.19, 23.5 GiB, max_connections 500, tmp_table_size 256M, no Aria
// or MyISAM user table) was told in one report to lower tmp_table_size to
// 29M and, because 500 x 265 MiB "do not fit", to cut the Aria page cache
// 128M to 16M and the key cache 64M to 64K; with tmp_table_size at 29M
// alone the next run found memory not tight and neither cut asked for,
// and the Aria cut slowed the on-disk (Aria) temporary tables the 29M
// sends more queries to.
func (e Env) MemoryTight() bool {
	if !e.MemoryKnown() {
		return false
	}
	used := satSum(e.ReserveBytes(), e.T.BufferPoolMinBytes, e.GlobalBytes())
	if used >= e.EffectiveMemBytes() {
		return true
	}
	return e.connsFit(e.EffectiveMemBytes()-used, e.BuffersAfterBytes(), e.tightTmpBytes()) < e.F.MaxConnections
}

// tightTmpBytes is the tmp_table_size MemoryTight judges with: the least
// the memory plan lowers it to (min of the cap in effect and
// T.TmpTableMinBytes, memPlan's floor) where lowering bounds the
// in-memory temporary tables (tmpLowerable), else the cap in effect.
func (e Env) tightTmpBytes() uint64 {
	if !e.tmpLowerable() {
		return e.heapCapBytes()
	}
	return min(e.heapCapBytes(), e.T.TmpTableMinBytes)
}

// heapCapBytes is how large an in-memory temporary table grows now: where
// MEMORY tables hold them (heapLimited), the smaller of tmp_table_size and
// max_heap_table_size, else tmp_table_size. Review r31 (MariaDB 10.11.19,
// 2026-12-07): with tmp_table_size 256M and max_heap_table_size 16M a
// GROUP BY's temporary table went to disk as at 16M/16M
// (Created_tmp_disk_tables +1 a run, +0 at 256M/256M), yet the key cache
// and Aria page cache findings counted 151 x 258.9 MiB "short of memory".
func (e Env) heapCapBytes() uint64 {
	if e.heapLimited() && e.F.MaxHeapTableBytes > 0 {
		return min(e.F.TmpTableBytes, e.F.MaxHeapTableBytes)
	}
	return e.F.TmpTableBytes
}

// TightConnBytes is one connection's worst case as MemoryTight judges it:
// its buffers after the advice and an in-memory temporary table at
// tightTmpBytes.
func (e Env) TightConnBytes() uint64 {
	return satAdd(e.BuffersAfterBytes(), e.tmpCap(e.tightTmpBytes(), e.F.MaxConnections))
}

// TightTmpText says, for the cache findings MemoryTight gates, that the
// temporary tables were counted at the least tmp_table_size mytune
// advises when that is below the value in effect, "" otherwise.
func (e Env) TightTmpText() string {
	t := e.tightTmpBytes()
	if t >= e.heapCapBytes() {
		return ""
	}
	return fmt.Sprintf(", even with tmp_table_size lowered to %s, the least mytune advises (tmp_table_min_bytes)", e.Human(t))
}
