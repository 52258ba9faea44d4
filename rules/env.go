package rules

import (
	"fmt"
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Env is what rule expressions see: the typed settings (F), the host and
// storage of the profile, the thresholds (T), the durability mode, and the
// helper methods below (callable as BufferPoolTarget(), Human(x), …).
type Env struct {
	F          Facts
	Host       profile.Host
	Storage    profile.Storage
	T          Thresholds
	Durability string // "strict" or "relaxed"
	Relaxed    bool
	// Measured is true when the storage numbers come from a measurement.
	Measured bool
	// DumpBytes is what restoring the dump (--dump) adds to the datadir's
	// disk, 0 if none: the datadir must hold it besides the redo log.
	// NewEnv takes the dump's size; the advisor raises it to the loaded
	// tablespace (threads.LoadedBytes).
	DumpBytes uint64
	// Current and Recommended are set while a rule's detail is rendered.
	Current, Recommended string
	// replacedValue holds, while Catalogue.Evaluate runs, the value a
	// user rule (--rules) that replaced a built-in rule recommended, by
	// variable, so that the built-in rules sizing from that variable use it
	// (QA: a replaced io.capacity advised 20000 while io.capacity_max was
	// sized on the built-in's 5800 and said so).
	replacedValue map[string]string
	// hugePool says, with large_pages = ON and a huge page pool, where the
	// buffer pool is sized to live (hugePoolIn, hugePoolOut; NewEnv
	// decides, poolhuge.go); hugePoolUnset otherwise.
	hugePool int8
	// binlogFsync is the commit loop where the binary log is written
	// (profile.Storage.BinlogFsync); zero prices its sync as the redo's.
	binlogFsync profile.Latency
	// dataFsync is the commit loop measured in the datadir itself
	// (Storage.Fsync before the redo directory's replaced it): what the
	// file sets off the datadir (Storage.FileDirs) are compared with.
	dataFsync profile.Latency
}

// NewEnv builds the expression environment for one profile.
func NewEnv(p profile.Profile, f Facts, t Thresholds, durability string) Env {
	if durability == "" {
		durability = "strict"
	}
	e := Env{F: f, Host: p.Host.ServersView(), Storage: p.Storage, T: t, Durability: durability,
		Relaxed: durability == "relaxed", Measured: p.Storage.Measured}
	// every commit figure of the rules is the redo log's: measured where
	// innodb_log_group_home_dir keeps it when that is another filesystem
	e.Storage.Fsync = p.Storage.CommitFsync()
	if p.Storage.ServerElsewhere != "" {
		// the disk measured is not the server's (probe.ServerElsewhere):
		// nothing is priced on it, as if it had not been measured
		e.Storage = profile.Storage{Path: p.Storage.Path, ServerElsewhere: p.Storage.ServerElsewhere}
		e.Measured = false
	}
	// and the binary log's sync is measured where log_bin_basename keeps it
	// (none when the disk measured is not the server's)
	e.binlogFsync = e.Storage.BinlogFsync()
	e.dataFsync = e.Storage.Fsync
	if p.Storage.ServerElsewhere == "" {
		e.binlogFsync, e.dataFsync = p.Storage.BinlogFsync(), p.Storage.Fsync
	}
	if p.Dump != nil {
		e.DumpBytes = p.Dump.TotalBytes
	}
	e.hugePool = e.decideHugePool()
	return e
}

// RedoTarget is the recommended total redo size: RedoIdealBytes, held to
// RedoRoomBytes so that the datadir's filesystem can hold it (FitNote
// says so in the finding).
func (e Env) RedoTarget() uint64 {
	return min(e.RedoIdealBytes(), e.RedoRoomBytes(), e.RedoVersionCapBytes())
}

// AdvisedPoolBytes is the buffer pool the server will have once the
// advice is followed: BufferPoolTarget when a rule advises the pool to
// it (memory.buffer_pool_small: BufferPoolGrows; memory.
// buffer_pool_over_memory: the pool does not fit in memory), else the
// pool it has, so the redo is sized to a pool the report advises or the
// server has (a 256M pool whose 128M target nothing advised got a redo
// "1× the 128.0 MiB buffer pool advised here").
func (e Env) AdvisedPoolBytes() uint64 {
	target := e.BufferPoolTarget()
	if e.BufferPoolGrows() || e.MemoryKnown() && target > 0 && e.F.BufferPoolBytes > e.PoolRoomAfterBytes() {
		return target
	}
	return e.F.BufferPoolBytes
}

// RedoIdealBytes is the redo size the write rate (or the pool) asks for,
// before the disk is considered. A rate sampled for seconds on a server up
// less than minUptimeForRateS (RedoRateShort) is not yet its load: the
// size is then at least the pool-based one, as for an unknown rate (two
// advice runs ten seconds apart on a freshly started MariaDB sampled
// different start-up writes and advised 256M and nothing: bench-workload,
// 2026-12-02 00:26).
func (e Env) RedoIdealBytes() uint64 {
	n := RedoSize(e.F.RedoBytesPerS, e.T.RedoHours, e.AdvisedPoolBytes(), e.T.RedoPoolFraction, e.T.RedoMinBytes, e.T.RedoMaxBytes)
	if e.RedoRateShort() {
		n = max(n, e.redoFromPool())
	}
	return n
}

// redoFromPool is the redo size asked for without a write rate: a share of
// the buffer pool (RedoSize without a rate).
func (e Env) redoFromPool() uint64 {
	return RedoSize(0, e.T.RedoHours, e.AdvisedPoolBytes(), e.T.RedoPoolFraction, e.T.RedoMinBytes, e.T.RedoMaxBytes)
}

// RedoRateShort is true when the redo rate is a sample of seconds from a
// server up for less than minUptimeForRateS: what it wrote then, not what
// its load writes.
func (e Env) RedoRateShort() bool {
	return e.F.RedoRateBasis == RedoBasisSampled && e.F.RedoBytesPerS > 0 && e.F.UptimeS > 0 && e.F.UptimeS < minUptimeForRateS
}

// RedoFromRate is true when the write rate, not the pool, sized the redo:
// a rate is known and, if it is a short sample, asks for more than the pool.
func (e Env) RedoFromRate() bool {
	if e.F.RedoBytesPerS <= 0 {
		return false
	}
	return !e.RedoRateShort() || RedoSize(e.F.RedoBytesPerS, e.T.RedoHours, e.AdvisedPoolBytes(), e.T.RedoPoolFraction, e.T.RedoMinBytes, e.T.RedoMaxBytes) >= e.redoFromPool()
}

// LogFileSizeTarget is RedoTarget split over innodb_log_files_in_group.
func (e Env) LogFileSizeTarget() uint64 {
	n := uint64(max(e.F.LogFilesInGroup, 1))
	return e.RedoTarget() / n / mib * mib
}

// RedoRateText says where F.RedoBytesPerS comes from, or why it is unknown.
func (e Env) RedoRateText() string {
	switch {
	case e.F.RedoRateBasis == RedoBasisSampled:
		return "sampled from Innodb_os_log_written while mytune ran"
	case e.F.RedoBytesPerS > 0:
		return fmt.Sprintf("average of Innodb_os_log_written over the %.1f h since the server started", e.F.UptimeS/3600)
	case !e.F.HasServer:
		return "no server status"
	case !e.F.StatusRead:
		return "SHOW GLOBAL STATUS could not be read: see the gaps"
	case e.F.ReplicaRole == profile.RoleReplica && e.F.ReplicaSecondsBehind > 0:
		return fmt.Sprintf("a replica %d s behind its source: what it writes now is its backlog, not its load", e.F.ReplicaSecondsBehind)
	case e.F.UptimeS > 0 && e.F.UptimeS < minUptimeForRateS:
		return "the server is up for only " + upFor(e.F.UptimeS) + ", too short for an average"
	}
	return "the server reported no redo writes"
}

// upFor renders a duration in seconds as "45 s", "10 min" or "3.5 h".
func upFor(s float64) string {
	switch {
	case s < 120:
		return fmt.Sprintf("%.0f s", s)
	case s < 7200:
		return fmt.Sprintf("%.0f min", s/60)
	}
	return fmt.Sprintf("%.1f h", s/3600)
}

// RedoMinutes is how many minutes of measured redo writes the redo holds (0 if unknown).
func (e Env) RedoMinutes() float64 {
	if e.F.RedoBytesPerS <= 0 {
		return 0
	}
	return float64(e.F.RedoCapacityBytes) / e.F.RedoBytesPerS / 60
}

// FsyncOpsPerS is the measured 16K write+fdatasync rate (from p50 if no rate).
func (e Env) FsyncOpsPerS() float64 {
	if e.Storage.Fsync.OpsPerS > 0 {
		return e.Storage.Fsync.OpsPerS
	}
	if e.Storage.Fsync.P50US > 0 {
		return 1e6 / e.Storage.Fsync.P50US
	}
	return 0
}

// CommitsPerSec is commits/s per session at the given syncs per commit;
// two or more count the binary log's (sync_binlog=1) among them, made
// where the binary log is (BinlogSyncOpsPerS).
func (e Env) CommitsPerSec(syncs int) float64 {
	if syncs < 2 {
		return CommitsPerSec(e.FsyncOpsPerS(), syncs)
	}
	return CommitsPerSecSplit(e.FsyncOpsPerS(), e.BinlogSyncOpsPerS(), syncs-1, 1)
}

// SyncsPerCommit is the flushes a commit waits for with the current settings.
func (e Env) SyncsPerCommit() int {
	n := SyncsPerCommit(e.F.FlushLogAtTrxCommit, e.F.LogBin, e.F.SyncBinlog)
	if e.F.FlushLogAtTrxCommit == 2 && e.LogUnbuffered() {
		n++ // the commit's log write goes through to the disk: it waits as a sync does
	}
	if e.F.RedoSyncSkipped() && !e.LogUnbuffered() {
		// nosync: the redo log is written at commit, never synced (only the binary log's sync is left)
		n -= SyncsPerCommit(e.F.FlushLogAtTrxCommit, e.F.LogBin, 0)
	}
	return n
}

// CommitWaitText says, where innodb_flush_log_at_trx_commit=2 or
// innodb_flush_method=nosync still waits because the log is unbuffered
// (LogUnbuffered), why a commit is counted as a sync; "" otherwise.
func (e Env) CommitWaitText() string {
	if e.F.RedoSyncSkipped() && e.F.DurableFlush() && e.LogUnbuffered() {
		return " (innodb_flush_method is nosync, so the redo log is not synced at commit, but it is written with O_DIRECT, " +
			"innodb_log_file_buffering OFF, so each commit's log write still reaches this disk before the commit returns: counted as a sync, " +
			"though the disk's own cache is never flushed)"
	}
	if e.F.FlushLogAtTrxCommit != 2 || !e.LogUnbuffered() {
		return ""
	}
	return " (innodb_flush_log_at_trx_commit is 2, but the redo log is written with O_DIRECT, innodb_log_file_buffering OFF, " +
		"so each commit's log write still reaches this disk before the commit returns: counted as a sync)"
}

// LogUnbuffered is true when the live MariaDB writes its redo log with
// O_DIRECT (innodb_log_file_buffering OFF, 10.8.4+): with
// innodb_flush_log_at_trx_commit=2 each commit's log write then still
// waits for the disk. Measured on an SD-like bed (150 write IOPS, MariaDB
// 10.11.19, sysbench oltp_write_only, 1 thread): 74 TPS with 2 set by SET
// GLOBAL (buffering stays OFF), 1,500 after SET GLOBAL
// innodb_log_file_buffering = ON; MariaDB turns buffering on by itself
// only when it starts with 2 ("Buffered log writes" in its error log).
func (e Env) LogUnbuffered() bool {
	return e.F.HasServer && e.F.Flavor == profile.FlavorMariaDB && e.F.Set["innodb_log_file_buffering"] &&
		!e.F.bool("innodb_log_file_buffering")
}

// SlowStorage is true when one session cannot make T.SlowCommitsPerS commits/s.
func (e Env) SlowStorage() bool {
	c := e.CommitsPerSec(1)
	return c > 0 && c < e.T.SlowCommitsPerS
}

// IsClass reports whether the storage was classified as c.
func (e Env) IsClass(c string) bool { return e.Storage.Class == c }

// Size renders bytes as a my.cnf value (128M, 2G).
func (e Env) Size(b any) string {
	if u, ok := b.(uint64); ok {
		return profile.FormatSize(u)
	}
	return profile.FormatSize(uint64(min(max(toFloat(b), 0), math.MaxUint64>>1)))
}

// Human renders bytes for people (1.5 GiB). A fraction of a byte (a
// rate) is rounded, not cut, and said to a tenth below 10 as N does: the
// text's "1.4 B/s" is the rate its "1 hour of that is 4.9 KiB" used
// (review r14: 1.4068 B/s was printed "1 B/s").
func (e Env) Human(b any) string {
	if u, ok := b.(uint64); ok {
		return profile.HumanBytes(u)
	}
	f := max(toFloat(b), 0)
	if f >= math.MaxUint64 {
		// float64 cannot hold 2^64-1; converting 2^64 to uint64 is
		// undefined in Go (amd64 gave 2^63: "8.0 EiB" for 16 EiB).
		return profile.HumanBytes(math.MaxUint64)
	}
	if f < 9.95 && f != math.Trunc(f) {
		return fmt.Sprintf("%.1f B", f)
	}
	return profile.HumanBytes(uint64(math.Round(f)))
}

// N renders a number rounded to an integer (or 1 decimal below 10).
func (e Env) N(x any) string {
	f := toFloat(x)
	if math.Abs(f) < 10 && f != math.Trunc(f) {
		return fmt.Sprintf("%.1f", f)
	}
	return fmt.Sprintf("%.0f", f)
}

// Ms renders microseconds as milliseconds ("4.2 ms"), or as µs below 1 ms (Duration).
func (e Env) Ms(us any) string { return Duration(toFloat(us)) }

// Duration writes microseconds as ms with one decimal from 1 ms up, as µs
// below (a 30 µs NVMe sync printed as "0.0 ms" read as no time at all).
func Duration(us float64) string {
	if us < 1000 {
		return fmt.Sprintf("%.0f µs", us)
	}
	return fmt.Sprintf("%.1f ms", us/1000)
}

// Percentiles names the p50 and p99 of a latency measurement, leaving out
// a figure the profile lacks (an older or hand-edited profile), so a
// missing percentile never reads as "0 µs"; "" when it has neither.
func Percentiles(p50US, p99US float64) string {
	var parts []string
	if p50US > 0 {
		parts = append(parts, "p50 "+Duration(p50US))
	}
	if p99US > 0 {
		parts = append(parts, "p99 "+Duration(p99US))
	}
	return strings.Join(parts, ", ")
}

// Str renders an integer value for a my.cnf line.
func (e Env) Str(x any) string { return fmt.Sprintf("%.0f", toFloat(x)) }

// toFloat converts any number expr hands over to float64.
func toFloat(x any) float64 {
	switch v := x.(type) {
	case int:
		return float64(v)
	case int64:
		return float64(v)
	case uint64:
		return float64(v)
	case uint:
		return float64(v)
	case int32:
		return float64(v)
	case float64:
		return v
	case float32:
		return float64(v)
	}
	return 0
}
