package rules

import "math"

// Sizing functions: the math behind the rules, more than a line each, so
// they are plain tested Go functions that rule expressions call through Env.

const (
	mib = uint64(1) << 20
	gib = uint64(1) << 30
)

// MemoryBudget is what the buffer pool must share memory with.
type MemoryBudget struct {
	EffectiveBytes uint64 // RAM or cgroup limit, whichever is smaller
	ReserveBytes   uint64 // left to the OS and mysqld's own overhead
	PerConnBytes   uint64 // per-connection buffers of one connection
	MaxConnections int
	GlobalBytes    uint64 // other global buffers (log buffer, …)
}

// PoolRoom is the most the buffer pool may take: effective memory minus
// the reserve, every connection's buffers and the other global buffers; 0
// if nothing is left.
func (b MemoryBudget) PoolRoom() uint64 {
	used := satSum(b.ReserveBytes, satMul(b.PerConnBytes, uint64(max(b.MaxConnections, 0))), b.GlobalBytes)
	if used >= b.EffectiveBytes {
		return 0
	}
	return b.EffectiveBytes - used
}

// What held a buffer pool target (PoolPlan.HeldBy).
const (
	PoolHeldData      = "data"      // the working set with headroom, below what memory allows
	PoolHeldMemory    = "memory"    // the share of memory (sized to memory, or the data asks for more)
	PoolHeldDefault   = "default"   // raised to the server's default, which memory allows
	PoolHeldRoom      = "room"      // less than the default is left: what is left
	PoolHeldAvailable = "available" // growth capped by what is available now
	PoolHeldNone      = "none"      // less than InnoDB's 5M minimum is left: no pool fits
)

// PoolInputs is what the buffer pool is sized from.
type PoolInputs struct {
	Budget   MemoryBudget
	Fraction float64 // share of effective memory the pool may take
	// WorkingSetBytes is the InnoDB data + indexes the pool caches.
	WorkingSetBytes uint64
	Headroom        float64 // working set x this leaves room to grow
	// ToMemory sizes to memory rather than to the working set: a host
	// declared dedicated, or a data size that is not known.
	ToMemory     bool
	MinBytes     uint64 // the server's default, kept while memory allows
	CurrentBytes uint64
	// CapBytes is the most the pool may grow to with what is available
	// now (math.MaxUint64: no cap); a pool is never shrunk to it.
	CapBytes uint64
}

// PoolPlan is a buffer pool target with the numbers it came from.
type PoolPlan struct {
	// WantBytes is the working set x headroom rounded up to whole chunks
	// (RoundPoolUp); 0 when sized to memory.
	WantBytes uint64
	// MemoryBytes is what memory allows: the fraction of effective memory,
	// never above PoolRoom, rounded down to whole chunks.
	MemoryBytes uint64
	// UnroundedBytes is MemoryBytes before RoundPoolDown.
	UnroundedBytes uint64
	RoomBytes      uint64 // Budget.PoolRoom()
	TargetBytes    uint64 // the recommendation, 0 when no pool fits
	HeldBy         string // PoolHeld*: which bound set TargetBytes
	// Cap says what the server's build or layout did to TargetBytes after
	// sizing (a 32-bit build's limit, rounding to chunk x instances);
	// SizedBytes is the size before that (0: nothing was done).
	Cap        string
	SizedBytes uint64
}

// SizePool sizes innodb_buffer_pool_size: the working set (InnoDB data +
// indexes) times the headroom, rounded up to whole chunks, or, sized to
// memory, the fraction of effective memory; never above what memory allows
// (the fraction, and PoolRoom after the reserve, the connections' buffers
// and the global buffers; rounded down to whole chunks) and at least
// MinBytes (the 128M default) when that fits. When less than MinBytes is
// left it is what is left, rounded down to MiB; when less than InnoDB's 5M
// minimum is left, 0: no pool fits. Growth above the current pool stops at
// CapBytes, rounded down to whole chunks.
func SizePool(in PoolInputs) PoolPlan {
	b := in.Budget
	p := PoolPlan{RoomBytes: b.PoolRoom()}
	if p.RoomBytes < innodbMinPoolBytes {
		p.HeldBy = PoolHeldNone
		return p
	}
	p.UnroundedBytes = min(uint64(float64(b.EffectiveBytes)*in.Fraction), p.RoomBytes)
	p.MemoryBytes = RoundPoolDown(p.UnroundedBytes)
	p.TargetBytes, p.HeldBy = p.MemoryBytes, PoolHeldMemory
	if !in.ToMemory {
		raw := uint64(float64(in.WorkingSetBytes) * in.Headroom)
		p.WantBytes = RoundPoolUp(raw)
		switch {
		case raw < in.MinBytes:
			p.TargetBytes = 0 // the default below, when it fits
		case p.WantBytes < p.MemoryBytes:
			p.TargetBytes, p.HeldBy = p.WantBytes, PoolHeldData
		}
	}
	switch {
	case p.TargetBytes >= in.MinBytes:
	case p.RoomBytes >= in.MinBytes:
		p.TargetBytes, p.HeldBy = in.MinBytes, PoolHeldDefault
	default:
		p.TargetBytes, p.HeldBy = p.RoomBytes/mib*mib, PoolHeldRoom
	}
	if cur := in.CurrentBytes; p.TargetBytes > cur && p.TargetBytes > in.CapBytes {
		p.TargetBytes, p.HeldBy = max(RoundPoolDown(in.CapBytes), cur), PoolHeldAvailable
	}
	return p
}

// RoundPoolDown rounds a pool size down to whole chunks: 128M below 1G,
// 1G above, so 8 instances x 128M chunks divide it (MySQL manual,
// "Configuring InnoDB Buffer Pool Size": mysqld rounds other sizes up).
func RoundPoolDown(b uint64) uint64 {
	unit := 128 * mib
	if b >= gib {
		unit = gib
	}
	return b / unit * unit
}

// RoundPoolUp rounds a pool size up to whole chunks, the units of
// RoundPoolDown: mysqld itself rounds a size up to a multiple of
// innodb_buffer_pool_chunk_size x innodb_buffer_pool_instances (MySQL 8.4
// manual, "Configuring InnoDB Buffer Pool Size").
func RoundPoolUp(b uint64) uint64 {
	d := RoundPoolDown(b)
	if d == b {
		return b
	}
	if b >= gib {
		return d + gib
	}
	return d + 128*mib
}

// RedoSize sizes the total redo log: hoursOfWrites of the measured redo
// write rate when known (Percona, "How to calculate a good InnoDB log file
// size": hold about an hour of writes), else poolFraction of the buffer
// pool (thresholds' redo_pool_fraction); clamped to [minBytes, maxBytes]
// and rounded up to 128M.
func RedoSize(redoBytesPerS, hoursOfWrites float64, poolBytes uint64, poolFraction float64, minBytes, maxBytes uint64) uint64 {
	want := uint64(float64(poolBytes) * poolFraction)
	if redoBytesPerS > 0 {
		want = uint64(redoBytesPerS * hoursOfWrites * 3600)
	}
	want = max(min(want, maxBytes), minBytes)
	unit := 128 * mib
	return (want + unit - 1) / unit * unit
}

// IOCapacity sizes innodb_io_capacity from the measured single-thread 16K
// random-write IOPS: a fraction of it (Percona warns not to give InnoDB the
// device's peak), rounded to 100, within [100, 20000] (100 is the manual's
// minimum; 20000 caps what background flushing needs, MySQL 8.4 manual).
func IOCapacity(iopsQD1, fraction float64) int {
	if iopsQD1 <= 0 {
		return 0
	}
	n := int(math.Round(iopsQD1*fraction/100) * 100)
	return min(max(n, 100), maxIOCapacity)
}

// maxIOCapacity is the most innodb_io_capacity mytune advises: "a value
// higher than 20000 is generally not recommended unless you have proven
// that lower values are insufficient" (MySQL 8.4 manual, Configuring InnoDB
// I/O Capacity).
const maxIOCapacity = 20000

// ioCapacityMaxFloor is the least innodb_io_capacity_max the servers
// default to: "twice the value of innodb_io_capacity, with a minimum value
// of 2000" (MySQL 8.4 manual, innodb_io_capacity_max; MariaDB KB, the
// same for MariaDB 10.x).
const ioCapacityMaxFloor = 2000

// IOCapacityMax sizes innodb_io_capacity_max as the servers' default does
// (twice innodb_io_capacity, at least ioCapacityMaxFloor) but not above
// the measured peak random-write IOPS rounded down to 100 (at least 100,
// the minimum; rounding to the nearest made a 150 peak 200, more than the
// disk ever did), and never below capacity (mysqld refuses a max below
// innodb_io_capacity). Without the floor, an innodb_io_capacity of 200
// kept on a busy host took a default 2000 down to 400 on a disk that
// peaked at 8,147 writes/s (review r28, MariaDB 10.11.19, 2026-12-07).
func IOCapacityMax(capacity uint64, peakIOPS float64) uint64 {
	if capacity == 0 {
		return 0
	}
	n := max(satMul(capacity, 2), ioCapacityMaxFloor)
	if peakIOPS > 0 {
		peak := max(uint64(math.Floor(peakIOPS/100)*100), minIOCapacity)
		n = min(n, peak)
	}
	return max(n, capacity)
}

// CommitsPerSec is how many commits one session can make per second when
// each commit waits for syncsPerCommit flushes of the measured cost: the
// measured 16K write+fdatasync rate divided by the syncs. 0 if unmeasured.
func CommitsPerSec(fsyncOpsPerS float64, syncsPerCommit int) float64 {
	if fsyncOpsPerS <= 0 {
		return 0
	}
	return fsyncOpsPerS / float64(max(syncsPerCommit, 1))
}

// CommitsPerSecSplit is commits/s per session when a commit waits for
// redoSyncs at redoOpsPerS and then binlogSyncs at binlogOpsPerS, the
// binary log's disk (sync_binlog=1; two-phase commit: the redo log is
// synced at prepare, then the binary log, MariaDB KB "Group Commit for
// the Binary Log"): their times add. An unknown binlogOpsPerS (0), or one
// equal to the redo's, is CommitsPerSec of all the syncs at redoOpsPerS.
func CommitsPerSecSplit(redoOpsPerS, binlogOpsPerS float64, redoSyncs, binlogSyncs int) float64 {
	if redoOpsPerS <= 0 {
		return 0
	}
	if binlogOpsPerS <= 0 || binlogOpsPerS == redoOpsPerS || binlogSyncs == 0 {
		return CommitsPerSec(redoOpsPerS, redoSyncs+binlogSyncs)
	}
	return 1 / (float64(redoSyncs)/redoOpsPerS + float64(binlogSyncs)/binlogOpsPerS)
}

// SyncsPerCommit is the number of flushes a commit waits for: one for the
// redo log with innodb_flush_log_at_trx_commit=1 or 3 (MariaDB's 3 is as
// durable as 1), one more for the binary log when it is on with
// sync_binlog=1 (MySQL manual, "Binary Logging Options": two-phase commit
// syncs both logs), and with 3 and the binary log on one more redo flush:
// 3 flushes at prepare and again at commit (MariaDB KB,
// innodb_flush_log_at_trx_commit; without the binary log there is no
// prepare phase). The value is held to the server's range (FlushLogMax)
// before it gets here.
func SyncsPerCommit(flushLogAtTrxCommit int, logBin bool, syncBinlog uint64) int {
	n := 0
	if flushLogAtTrxCommit == 1 || flushLogAtTrxCommit == 3 {
		n++
	}
	if flushLogAtTrxCommit == 3 && logBin {
		n++
	}
	if logBin && syncBinlog == 1 {
		n++
	}
	return n
}

// MaxConnectionsFit is how many connections fit next to the buffer pool:
// (effective - reserve - pool - global buffers) / per-connection bytes.
func MaxConnectionsFit(b MemoryBudget, poolBytes uint64) int {
	used := satSum(b.ReserveBytes, poolBytes, b.GlobalBytes)
	if used >= b.EffectiveBytes || b.PerConnBytes == 0 {
		return 0
	}
	return int((b.EffectiveBytes - used) / b.PerConnBytes)
}
