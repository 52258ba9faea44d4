package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// PoolChunkBytes is what a buffer pool size is rounded up to: the
// innodb_buffer_pool_chunk_size default, 128 MiB (MySQL manual and MariaDB
// KB, innodb_buffer_pool_chunk_size; MySQL rounds the pool to chunk ×
// instances).
const PoolChunkBytes = 128 << 20

// PoolGrowSince are the first releases that resize the buffer pool online
// (MySQL 5.7.5 release notes; MariaDB 10.2.2, "Setting Innodb Buffer Pool
// Size Dynamically").
var PoolGrowSince = map[string]profile.Version{profile.FlavorMariaDB: {Major: 10, Minor: 2, Patch: 2}, "mysql": {Major: 5, Minor: 7, Patch: 5}}

// growPool offers growing the buffer pool online so that the data the dump
// loads fits it for the load: pages are then written after the load
// instead of evicted while loading. Measured on the 100-IOPS card bed
// (myloader -t 4, 39.7 MB dump, 32M pool): 47.7-51.2 s → 9.3 s
// (docs/benchmarks/during-load-settings.md, "During-load settings"). It grows by at most half the
// memory available when the host was measured (or of its cgroup memory
// limit, when smaller). It returns the pool the load then runs with.
func growPool(p *profile.Profile, o Options, b pool) (Setting, pool, string, bool) {
	need := dumpInnoDBBytes(p.Dump)
	if need == 0 || b.bytes == 0 || b.fits(need) {
		return Setting{}, b, "", false
	}
	unit := onlinePoolUnit(p, o, b.bytes)
	grow := (need + b.held + unit - 1) / unit * unit // beside the data the server holds (poolheld.go)
	if ok, why := poolOnline(p, o, grow); !ok {
		return Setting{}, b, fmt.Sprintf("buffer pool growth to %s not offered: %s outgrows %s, but %s", profile.HumanBytes(grow),
			loadsText(p.Dump, need), b.describe(), why), false
	}
	avail, held := memRoom(p.Host.Memory)
	if held == "" {
		return Setting{}, b, fmt.Sprintf("buffer pool growth not offered: %s outgrows %s, but the host's available memory is unknown",
			loadsText(p.Dump, need), b.describe()), false
	}
	if grow-b.bytes > avail/2 {
		return Setting{}, b, fmt.Sprintf("buffer pool growth not offered: %s outgrows %s, and growing it by %s would take more than half of %s",
			loadsText(p.Dump, need), b.describe(), profile.HumanBytes(grow-b.bytes), held), false
	}
	undo, back := poolUndo(p, b)
	apply, undoLine := sizeLines(p, "innodb_buffer_pool_size", grow, undo)
	back += assumedNote(p, "innodb_buffer_pool_size", undo, b.describe())
	return Setting{Name: fmt.Sprintf("grow the buffer pool to %s for the load (the ~%s it loads outgrows %s; %s)",
		profile.HumanBytes(grow), profile.HumanBytes(need), b.describe(), loadedCountText(p.Dump)),
		Apply: apply, Undo: undoLine,
		Warning: fmt.Sprintf("the server holds %s more memory during the load (of %s); shrinking it back must first write the loaded pages, and while they are dirty MariaDB 10.11 can refuse it (\"innodb_buffer_pool_size change aborted\"): run the undo again once they are written (%s); %s%s",
			profile.HumanBytes(grow-min(undo, b.bytes)), held, settleSteps(p, o), shrinkUnderLoad, back), settles: true}, pool{bytes: grow, from: "grown", redo: b.redo, held: b.held}, "", true
}

// shrinkUnderLoad is what the undo of a grown pool did to a server under
// load: review r65 pasted it into MariaDB 10.11.19 under an 8-thread
// sysbench oltp_read_write on the 150-IOPS hdd bed, and 768M -> 256M with
// 11,848 dirty pages held the other sessions at 0-17 transactions/s (from
// ~110) for the 47.7 s it ran, then was refused (ERROR 1221); in 128M
// steps the last one still ran 53.8 s with 13 s near 0
// (docs/benchmarks/live-server.md, "Every SET GLOBAL pasted into a loaded
// server"). On the host SSD it took 0.30 s.
const shrinkUnderLoad = "while other sessions run, the shrink stalls them: under an 8-thread write load on a 150-IOPS disk it held " +
	"them at 0-17 transactions/s (from ~110) for 47.7 s and was then refused, and in 128M steps the last step still took 53.8 s, " +
	"so run it when the server is quiet"

// poolUndo is the pool a grown pool's undo puts back, and what the
// warning says of it: the pool the server has (the advice may raise it
// only at the next start: a 64M server once ended at 128M), but never
// more than the advised one: a pool the advice lowers (one over the
// memory, e.g. 1G in a 768 MiB cgroup, where memory.buffer_pool_over_memory
// says the OOM killer ends mysqld) is not put back.
func poolUndo(p *profile.Profile, b pool) (uint64, string) {
	live := livePoolBytes(p)
	switch {
	case live == 0 || live == b.bytes:
		return b.bytes, ""
	case live > b.bytes:
		return b.bytes, fmt.Sprintf("; the undo puts back the advised %s, not the %s the server had, which the advice lowers",
			profile.HumanBytes(b.bytes), profile.HumanBytes(live))
	}
	return live, fmt.Sprintf("; the undo puts back the %s the server has now (the my.cnf lines of this report advise %s)",
		profile.HumanBytes(live), profile.HumanBytes(b.bytes))
}

// poolMaxBytes is the live server's innodb_buffer_pool_size_max (MariaDB:
// SET GLOBAL truncates a larger pool to it, warning 1292), 0 when it has
// none or no server was read.
func poolMaxBytes(p *profile.Profile) uint64 {
	if p.Server == nil || !p.Server.Reachable {
		return 0
	}
	return sizeIn(p.Server.Variables, "innodb_buffer_pool_size_max")
}

// poolOnline says whether the target takes a pool of bytes with SET
// GLOBAL (PoolGrowSince, innodb_buffer_pool_size_max); why when not.
func poolOnline(p *profile.Profile, o Options, bytes uint64) (bool, string) {
	t := targetOf(p, o)
	if v, err := profile.ParseVersionStrict(t.Version); err == nil && t.Version != "" {
		since := PoolGrowSince["mysql"]
		if t.IsMariaDB() {
			since = PoolGrowSince[profile.FlavorMariaDB]
		}
		if v.Less(since) {
			return false, fmt.Sprintf("%s %s resizes it only with a restart", profile.FlavorName(t.Flavor), t.Version)
		}
	}
	if maxB := poolMaxBytes(p); maxB > 0 && bytes > maxB {
		return false, fmt.Sprintf("the server's innodb_buffer_pool_size_max (%s) keeps SET GLOBAL below that; only a restart with a larger one can", profile.HumanBytes(maxB))
	}
	return poolMaxAtStart(p, t, bytes)
}

// poolMaxAtStart says, when no server was read, whether the target's
// innodb_buffer_pool_size_max lets SET GLOBAL grow the pool to bytes: a
// MariaDB that sets it to the pool it starts with when nothing else does
// (profile.MariaDBPoolMax: 10.11.12-10.11.16, 11.4.6-11.4.10,
// 11.8.2-11.8.6, 12.0-12.3.1) truncates any growth to the pool it has,
// with warning 1292 (checked on 10.11.19 started with both at 128M), so
// a printed growth would leave the load on the smaller pool unsaid.
func poolMaxAtStart(p *profile.Profile, t profile.Target, bytes uint64) (bool, string) {
	if (p.Server != nil && p.Server.Reachable) || !t.IsMariaDB() {
		return true, ""
	}
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil || profile.MariaDBPoolMax(v) != profile.PoolMaxAtStart {
		return true, ""
	}
	if p.MyCnf != nil {
		if n, err := profile.ParseSize(p.MyCnf.Variables["innodb_buffer_pool_size_max"]); err == nil && n >= bytes {
			return true, ""
		}
	}
	return false, fmt.Sprintf("MariaDB %s sets innodb_buffer_pool_size_max to the pool it starts with when nothing sets it "+
		"(MDEV-29445; 8 TiB from 10.11.17, 11.4.11, 11.8.7 and 12.3.2), so SET GLOBAL cannot grow the pool past it; "+
		"only a restart with a larger pool (or innodb_buffer_pool_size_max) can", t.Version)
}

// livePoolBytes is the buffer pool the live server read has, 0 when no
// server was read or it did not say.
func livePoolBytes(p *profile.Profile) uint64 {
	if p.Server == nil || !p.Server.Reachable {
		return 0
	}
	n, err := profile.ParseSize(p.Server.Variables["innodb_buffer_pool_size"])
	if err != nil {
		return 0
	}
	return n
}

// memRoom is the memory a grown pool may draw on and how to say it: the
// host's available memory, or under a cgroup memory limit what the limit
// leaves, when that is smaller (a server in a 1G cgroup was told "19.7 GiB
// was available" by the e2e bench before; the limit, not the host, is
// what it may use, less what its processes hold: Memory.AvailableNowBytes).
func memRoom(m profile.Memory) (uint64, string) {
	avail, known := m.AvailableNowBytes()
	switch {
	case !known:
		return 0, ""
	case m.AvailableNowSource() == profile.RoomCommit:
		return avail, fmt.Sprintf("the %s the %s commit limit leaves (vm.overcommit_memory = 2; %s already committed)",
			profile.HumanBytes(avail), profile.HumanBytes(m.CommitLimitBytes), profile.HumanBytes(m.CommittedBytes))
	case !m.AvailableNowLimited():
		return avail, "the " + profile.HumanBytes(avail) + " of memory available"
	case m.LimitUsedBytes == 0:
		return avail, "the " + profile.HumanBytes(m.LimitBytes) + " cgroup memory limit"
	}
	return avail, fmt.Sprintf("the %s the %s cgroup memory limit leaves (its processes hold %s)",
		profile.HumanBytes(avail), profile.HumanBytes(m.LimitBytes), profile.HumanBytes(m.LimitUsedBytes))
}
