package rules

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// Memory sizing as rule expressions see it. Every size the advice
// recommends is computed on the settings as they will be AFTER the advice
// (per-connection buffers lowered by memory.*_buffer_large, max_connections
// lowered by memory.max_connections_memory), the way IOCapacityAfter works
// for innodb_io_capacity, so findings never size one variable from a value
// another finding changes.

// innodbMinPoolBytes is the smallest innodb_buffer_pool_size InnoDB accepts
// (MySQL 8.4 manual, innodb_buffer_pool_size: minimum 5242880).
const innodbMinPoolBytes = 5 * mib

// EffectiveMemBytes is the least of RAM (less its huge page pool, unless
// the server takes its pool from it), the cgroup limit and a strict
// commit limit (profile.Memory.EffectiveBytes).
func (e Env) EffectiveMemBytes() uint64 { return e.mem().EffectiveBytes() }

// MemoryKnown is false when the profile does not say how much memory the
// host has (memory.total_bytes 0): the memory rules then stay silent.
func (e Env) MemoryKnown() bool { return e.EffectiveMemBytes() > 0 }

// ReserveBytes is the memory left to the OS and mysqld's own overhead.
func (e Env) ReserveBytes() uint64 {
	return max(e.T.ReserveMinBytes, uint64(float64(e.EffectiveMemBytes())*e.T.ReserveFraction))
}

// PerConnBytes is one connection's worst case now: its buffers (sort,
// join, read, read_rnd, binlog cache, thread stack) and one in-memory
// temporary table (TmpTableConnBytes): MySQL 8.4 manual, "How MySQL Uses
// Memory", and MariaDB KB, "MariaDB Memory Allocation".
func (e Env) PerConnBytes() uint64 {
	f := e.F
	return satSum(f.SortBufferBytes, f.JoinBufferBytes, f.ReadBufferBytes, f.ReadRndBufferBytes,
		f.BinlogCacheBytes, f.ThreadStackBytes, e.TmpTableConnBytes())
}

// BufferAfter is a per-connection buffer (sort_buffer_size, join_buffer_size,
// read_buffer_size, read_rnd_buffer_size) once the advice is applied: the
// target's default when it is above T.PerConnBufferMaxBytes (the rule
// memory.<name>_large recommends that default), else the value in effect.
func (e Env) BufferAfter(name string) uint64 {
	var cur uint64
	switch name {
	case "sort_buffer_size":
		cur = e.F.SortBufferBytes
	case "join_buffer_size":
		cur = e.F.JoinBufferBytes
	case "read_buffer_size":
		cur = e.F.ReadBufferBytes
	case "read_rnd_buffer_size":
		cur = e.F.ReadRndBufferBytes
	default:
		return 0
	}
	if cur <= e.T.PerConnBufferMaxBytes {
		return cur
	}
	d, _, ok := defaultValue(e.F.Flavor, e.F.Version, 0, name)
	b, err := profile.ParseSize(d)
	if !ok || err != nil {
		return cur
	}
	return min(b, cur)
}

// BuffersAfterBytes is one connection's buffers once the buffer advice is
// applied, without its temporary table.
func (e Env) BuffersAfterBytes() uint64 {
	return satSum(e.BufferAfter("sort_buffer_size"), e.BufferAfter("join_buffer_size"),
		e.BufferAfter("read_buffer_size"), e.BufferAfter("read_rnd_buffer_size"),
		e.F.BinlogCacheBytes, e.F.ThreadStackBytes)
}

// ConnPlanBytes is one connection's worst case with the buffer advice
// applied and an in-memory temporary table at the tmp_table_size in
// effect.
func (e Env) ConnPlanBytes() uint64 {
	return satAdd(e.BuffersAfterBytes(), e.tmpCap(e.F.TmpTableBytes, e.F.MaxConnections))
}

// PerConnAfterBytes is one connection's worst case once the advice is
// applied: buffers and an in-memory temporary table.
func (e Env) PerConnAfterBytes() uint64 {
	return satAdd(e.BuffersAfterBytes(), e.tmpCap(e.TmpTableAfter(), e.MaxConnectionsAfter()))
}

// MaxConnectionsAfter is max_connections once the advice is applied: as
// sized on the connections' buffers (bufConns), lowered further only when
// tmp_table_size at its floor does not fit (memPlan step 3), never raised.
func (e Env) MaxConnectionsAfter() int { return e.memPlan().Conns }

// budget is the memory budget with the given per-connection bytes,
// connections and global buffers.
func (e Env) budget(perConn uint64, conns int, global uint64) MemoryBudget {
	return MemoryBudget{EffectiveBytes: e.EffectiveMemBytes(), ReserveBytes: e.ReserveBytes(),
		PerConnBytes: perConn, MaxConnections: conns, GlobalBytes: global}
}

// Budget is the memory budget of the settings in effect now.
func (e Env) Budget() MemoryBudget {
	return e.budget(e.PerConnBytes(), e.F.MaxConnections, e.GlobalBytes())
}

// BudgetAfter is the memory budget once the advice is applied.
func (e Env) BudgetAfter() MemoryBudget {
	return e.budget(e.PerConnAfterBytes(), e.MaxConnectionsAfter(), e.GlobalAfterBytes())
}

// PoolRoomBytes is the most the buffer pool may take with the settings now.
func (e Env) PoolRoomBytes() uint64 { return e.Budget().PoolRoom() }

// PoolRoomAfterBytes is the most the buffer pool may take once the advice
// on connections and per-connection buffers is applied.
func (e Env) PoolRoomAfterBytes() uint64 { return e.BudgetAfter().PoolRoom() }

// SwapPressure is true when more than T.SwapUsedFraction of swap is in use
// and available memory is below T.LowAvailableFraction of usable memory.
func (e Env) SwapPressure() bool {
	m := e.Host.Memory
	used := float64(m.SwapTotalBytes) - float64(m.SwapFreeBytes)
	avail, _ := m.AvailableNowBytes()
	return m.SwapTotalBytes > 0 && used > e.T.SwapUsedFraction*float64(m.SwapTotalBytes) &&
		float64(avail) < e.T.LowAvailableFraction*float64(e.EffectiveMemBytes())
}

// PoolGrowthCapBytes is the largest pool the advice may grow to with what
// is available now (Memory.AvailableNowBytes: under a cgroup limit, the
// limit less what the cgroup holds): the current pool plus available
// memory minus the reserve. Under swap pressure it is the current pool (no
// growth); with available memory unknown there is no cap.
func (e Env) PoolGrowthCapBytes() uint64 {
	avail, known := e.Host.Memory.AvailableNowBytes()
	cur, reserve := e.F.BufferPoolBytes, e.ReserveBytes()
	switch {
	case !known:
		return math.MaxUint64
	case e.SwapPressure() || avail <= reserve:
		return cur
	}
	return cur + avail - reserve
}

// MemoryCommittedBytes is pool + global buffers + every connection's
// worst case with the settings now.
func (e Env) MemoryCommittedBytes() uint64 {
	return satSum(e.F.BufferPoolBytes, e.GlobalBytes(), satMul(e.PerConnBytes(), uint64(max(e.F.MaxConnections, 0))))
}

// MaxConnectionsFit is how many connections fit next to the current pool.
func (e Env) MaxConnectionsFit() int { return MaxConnectionsFit(e.Budget(), e.F.BufferPoolBytes) }

// PoolOverMemoryText says what a buffer pool larger than memory does. A
// MariaDB with innodb_buffer_pool_size_max (10.11.12, 11.4.6, 11.8.2 and
// 12.x on: profile.MariaDBPoolMax) maps the pool at
// start; with vm.overcommit_memory = 0 (the Linux default) the kernel
// refuses a mapping larger than RAM + swap ("obvious overcommits",
// kernel overcommit-accounting.rst) and mariadbd does not start ("Cannot
// map innodb_buffer_pool_size_max", then "Unknown/unsupported storage
// engine: InnoDB"): MariaDB 10.11.19 on 23.5 GiB of RAM without swap
// started with 23G and refused 24G, 26G, 30G, 36G and 43G (QA 14). With 1
// it starts, and the kernel swaps or the OOM killer ends it under load.
func (e Env) PoolOverMemoryText() string {
	const load = "Under load the kernel swaps or the OOM killer ends mysqld."
	m := e.Host.Memory
	if m.OvercommitMemory == "2" {
		return e.strictCommitText()
	}
	ramSwap := m.TotalBytes + m.SwapTotalBytes
	hasMax := e.F.Raw["innodb_buffer_pool_size_max"] != "" || profile.MariaDBPoolMax(e.F.Version) != profile.PoolMaxNone
	if !e.F.IsMariaDB() || !hasMax || m.TotalBytes == 0 ||
		e.F.BufferPoolBytes <= ramSwap {
		return load
	}
	refused := "MariaDB does not start at all: it maps the whole pool at start, and %s the kernel refuses a mapping " +
		"larger than RAM + swap (" + e.Human(ramSwap) + " here) (\"Cannot map innodb_buffer_pool_size_max\", then " +
		"\"Unknown/unsupported storage engine: InnoDB\"; MariaDB 10.11.19 on 23.5 GiB without swap started with 23G, not 24G)."
	switch m.OvercommitMemory {
	case "0":
		return fmt.Sprintf(refused, "with vm.overcommit_memory = 0 (this machine's)")
	case "1":
		return "With vm.overcommit_memory = 1 (this machine's) MariaDB starts with it; " + load
	}
	return fmt.Sprintf(refused, "with vm.overcommit_memory = 0 (the Linux default; this machine's was not read)") +
		" With vm.overcommit_memory = 1 it starts; " + load
}
