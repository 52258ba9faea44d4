package rules

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// RedoSizingText says what RedoTarget was sized from, with the numbers it
// used: the measured redo write rate, or else redo_pool_fraction of the
// buffer pool, naming that pool as the one read or the one advised (issue
// 11: "a quarter of the 128.0 MiB buffer pool" was printed for a 32M pool).
func (e Env) RedoSizingText() string {
	if e.F.RedoBytesPerS > 0 {
		hours := "hours"
		if e.T.RedoHours == 1 {
			hours = "hour"
		}
		s := fmt.Sprintf("The server wrote %s/s of redo (%s); %s %s of that is %s.",
			e.Human(e.F.RedoBytesPerS), e.RedoRateText(), e.N(e.T.RedoHours), hours,
			e.Human(e.F.RedoBytesPerS*e.T.RedoHours*3600))
		return s + e.redoShortText()
	}
	return fmt.Sprintf("The redo write rate is unknown (%s), so it is sized from memory: %s.", e.RedoRateText(), e.redoFromPoolText())
}

// redoShortText says, after a rate sampled on a server up less than
// minUptimeForRateS (RedoRateShort), which of the two sized the redo:
// what memory asks for, or the sample when it asks for more. Seen on
// MariaDB 10.11.19 (review r31, 2026-12-07): a 2 s sample of a LOAD DATA,
// 8.4 MiB/s, asked for 29.4 GiB and set 16G, while the text named only the
// 512M memory asks for as what the redo is "at least"; "" otherwise.
func (e Env) redoShortText() string {
	if !e.RedoRateShort() {
		return ""
	}
	if !e.RedoFromRate() {
		return fmt.Sprintf(" The server is up for only %s, too short to know the rate its load writes, so the redo is at least what memory asks for: %s.",
			upFor(e.F.UptimeS), e.redoFromPoolText())
	}
	return fmt.Sprintf(" The server is up for only %s, too short to know the rate its load writes: these seconds may be a burst "+
		"(a bulk load, a batch job) rather than its load, and they ask for more than memory does, so they set the size. "+
		"What memory asks for is less: %s. Sample again at an ordinary hour, or once the server has run an hour, before growing the redo this far.",
		upFor(e.F.UptimeS), e.redoFromPoolText())
}

// redoFromPoolText says how the pool sizes the redo without a write rate.
func (e Env) redoFromPoolText() string {
	pool := e.AdvisedPoolBytes()
	which := ""
	if pool != e.F.BufferPoolBytes {
		which = fmt.Sprintf(" advised here (it is %s now)", e.Human(e.F.BufferPoolBytes))
	}
	why := "MariaDB's guidance: a redo log as large as the pool gives the most capacity"
	if !e.F.IsMariaDB() {
		why = "a redo log as large as the pool is the most a checkpoint can use: it never has more dirty pages to write than the pool holds"
	}
	return fmt.Sprintf("%s× the %s buffer pool%s is %s (%s)",
		e.N(e.T.RedoPoolFraction), e.Human(pool), which, e.Human(float64(pool)*e.T.RedoPoolFraction), why)
}

// RedoFirstPassText says what the resize costs until the new log has been
// written through once: MariaDB creates the resized ib_logfile0
// preallocated but unwritten (10.11 with a restart: "Resizing redo log",
// then 4 of the file's 6 extents unwritten, filefrag -v), and a synced
// write into an unwritten extent also converts it; fio on this project's
// ext4 bed: 4 KiB O_DIRECT+fdatasync writes 1.57x and 1.75x slower into a
// fallocated file than into the same file written (docs/benchmarks/
// workload.md, "A resized redo log"). With a known rate, how long that is.
func (e Env) RedoFirstPassText() string {
	s := "The resized log is a new file, preallocated but not yet written: until the server has written through it once"
	if r := e.F.RedoBytesPerS; r > 0 && !e.RedoRateShort() {
		s += fmt.Sprintf(" (%s of redo, about %s at %s/s)", e.Human(e.RedoTarget()), upFor(float64(e.RedoTarget())/r), e.Human(r))
	}
	return s + ", every synced write into it also has the file system mark the extents it fills as written, and log writes are slower (1.57x and 1.75x per synced 4 KiB write in a measurement on ext4 over a loop device, after a resize by restart on MariaDB 10.11): judge the change after that pass."
}

// RedoBoundText says how the size above became the recommendation: the
// bounds of the thresholds and the rounding up to 128M (rules.RedoSize),
// then the disk's room (RedoRoomBytes) when that holds it lower.
func (e Env) RedoBoundText() string {
	s := fmt.Sprintf("Bounded to %s..%s and rounded up to a multiple of 128.0 MiB", e.Human(e.T.RedoMinBytes), e.Human(e.T.RedoMaxBytes))
	if e.RedoDiskCapped() {
		s += fmt.Sprintf(" (%s), then held to the %s the disk has room for", e.Human(e.RedoIdealBytes()), e.Human(e.RedoRoomBytes()))
	}
	if c := e.RedoVersionCapBytes(); c < min(e.RedoIdealBytes(), e.RedoRoomBytes()) {
		s += fmt.Sprintf(", then held to %s: before MySQL 5.6.3 (MariaDB 10.0) InnoDB refuses to start when its log files "+
			"together reach 4 GB (\"combined size of log files must be < 4 GB\")", e.Human(c))
	}
	return s
}

// redoSmallLimitBytes is the most redo InnoDB starts with before MySQL
// 5.6.3 and MariaDB 10.0: srv0start.c refuses n_log_files × log_file_size
// ≥ 262144 pages of 16K, 4 GiB (MySQL 5.5 manual, innodb_log_file_size:
// "slightly less than 4GB"); 1 MiB below, so whole-MiB files stay under.
const redoSmallLimitBytes = 4<<30 - 1<<20

// RedoVersionCapBytes is the most redo the server's release starts with:
// redoSmallLimitBytes before MySQL/Percona 5.6.3 and MariaDB 10.0, else no
// cap.
func (e Env) RedoVersionCapBytes() uint64 {
	if e.oldRedo("5.6.3") {
		return redoSmallLimitBytes
	}
	return math.MaxUint64
}

// oldRedo is true for a MySQL/Percona release before mysqlSince, or a
// MariaDB before 10.0 (MariaDB 10.0 took MySQL 5.6's InnoDB).
func (e Env) oldRedo(mysqlSince string) bool {
	if e.F.Version == (profile.Version{}) {
		return false
	}
	since, err := profile.ParseVersionStrict(mysqlSince)
	if e.F.Flavor == profile.FlavorMariaDB {
		since, err = profile.Version{Major: 10}, nil
	}
	return err == nil && e.F.Version.Less(since)
}

// RedoResizeText says how the new log size takes effect: at the restart,
// or, before MySQL 5.6.8 and MariaDB 10.0, only after the old log files
// are moved away (InnoDB does not resize them and refuses to start with
// "log file ./ib_logfile0 is of different size": MySQL 5.5 manual,
// "Changing the Number or Size of InnoDB Redo Log Files").
func (e Env) RedoResizeText() string {
	if !e.oldRedo("5.6.8") {
		return "Needs a clean shutdown and restart." + e.cleanShutdownFirst()
	}
	return "This release does not resize its log files itself:" + e.cleanShutdownFirst() + " stop the server cleanly (innodb_fast_shutdown = 1, the default), " +
		"move ib_logfile0, ib_logfile1 … out of the datadir, set the new size and start it; with the old files in place InnoDB " +
		"refuses to start (\"log file ./ib_logfile0 is of different size\")."
}

// cleanShutdownFirst says to set innodb_fast_shutdown to 1 before the
// shutdown when it is 2: a crash-like shutdown leaves the data in the redo
// log, and moving the old log files away then loses it (MySQL 5.6 manual,
// "Changing the Number or Size of InnoDB Redo Log Files": "If
// innodb_fast_shutdown is set to 2, set innodb_fast_shutdown to 1").
func (e Env) cleanShutdownFirst() string {
	if !e.FastShutdownCrashLike() {
		return ""
	}
	return " innodb_fast_shutdown is 2 here, which shuts down like a crash: SET GLOBAL innodb_fast_shutdown = 1 first."
}

// SyncRateText names the 16K write+fdatasync rate every commit figure is
// derived from, and which figure it is: the average the probe measured
// (stalls included), or 1 s ÷ p50 when the profile has no measured rate.
func (e Env) SyncRateText() string {
	f := e.Storage.Fsync
	pct := Percentiles(f.P50US, f.P99US)
	if f.OpsPerS > 0 {
		if pct != "" {
			pct = "; " + pct
		}
		return fmt.Sprintf("%s 16K write+fdatasync per second on average in the measurement%s (%s each on average%s)",
			e.N(f.OpsPerS), e.redoWhere(), e.Ms(e.MeanSyncUS()), pct)
	}
	return fmt.Sprintf("about %s 16K write+fdatasync per second%s (1 s ÷ %s)", e.N(e.FsyncOpsPerS()), e.redoWhere(), pct)
}

// redoWhere says where the commit loop ran when the redo log is on its own
// filesystem and was measured there ("" otherwise: the datadir's disk).
func (e Env) redoWhere() string {
	if rd := e.Storage.RedoDir; rd != nil && rd.Fsync != nil {
		return fmt.Sprintf(" in %s, where innodb_log_group_home_dir keeps the redo log", rd.Path)
	}
	return ""
}

// CommitCostText says what n syncs per commit allow per session on this
// disk, or that the disk was not measured; never a number it does not have.
func (e Env) CommitCostText(n int) string {
	if !e.Measured || e.FsyncOpsPerS() <= 0 {
		return "The disk was not measured, so what that costs in commits/s is not known here (run mytune probe on the datadir)."
	}
	syncs := "syncs"
	if n == 1 {
		syncs = "sync"
	}
	binlog := ""
	if n >= 2 {
		binlog = e.BinlogSyncText()
	}
	return fmt.Sprintf("On this disk that allows about %s commits/s per session (%d %s per commit; %s%s).",
		e.N(e.CommitsPerSec(n)), n, syncs, e.syncRateShort(), binlog)
}

// syncRateShort is SyncRateText in a clause: which rate, and its value.
func (e Env) syncRateShort() string {
	f := e.Storage.Fsync
	if f.OpsPerS > 0 {
		p50 := ""
		if f.P50US > 0 {
			p50 = " (p50 " + e.Ms(f.P50US) + ")"
		}
		return fmt.Sprintf("the disk averaged %s syncs/s in the measurement%s, %s each%s", e.N(f.OpsPerS),
			e.redoWhere(), e.Ms(e.MeanSyncUS()), p50)
	}
	return fmt.Sprintf("1 s ÷ p50 %s = %s syncs/s%s", e.Ms(f.P50US), e.N(e.FsyncOpsPerS()), e.redoWhere())
}

// RedoOnlineText says how MariaDB 10.9 and later take a new
// innodb_log_file_size: with SET GLOBAL (MDEV-27812), or with a restart
// where that resize is not crash safe (restartWhy, MDEV-34750).
func (e Env) RedoOnlineText() string {
	if why := e.restartWhy("innodb_log_file_size", e.Recommended); why != "" {
		return "It needs a restart here: " + why + "."
	}
	return "Since 10.9 it can be changed with SET GLOBAL."
}
