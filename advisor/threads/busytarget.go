package threads

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Review r30's live measurement of a load beside a served schema
// (2026-12-07, MariaDB 10.11.19 on this project's 2-core VM, 384-512 MiB
// pool; docs/benchmarks/live-server.md, "A restore into a target that is
// neither empty nor idle"): a 2-session sysbench oltp_read_write on `app`
// (4 x 200k rows) ran a median 313-563 transactions/s in the 20 s before a
// 12-session myloader 0.10 load of a 152.6 MB dump of another database,
// and 16-28 while it ran (4 reps), with 1-4 seconds of under one
// transaction and a per-second p95 of up to 3.9 s.
const (
	busyTPSBeforeLow, busyTPSBeforeHigh = 313, 563
	busyTPSDuringLow, busyTPSDuringHigh = 16, 28
	busyP95MaxSec                       = 3.9
	// In one sitting, interleaved (2, 12, 2 sessions,
	// 512 MiB pool, each on a freshly restarted server): 2 sessions loaded
	// in 19-22 s against 21 s at 12 and left `app` a median 120-254
	// transactions/s against 41.
	busyFewThreads, busyFewLoadLow, busyFewLoadHigh, busyManyLoad = 2, 19, 22, 21
	busyFewTPSLow, busyFewTPSHigh, busyManyTPS                    = 120, 254, 41
)

// otherSessions is how many client sessions other than mytune's own were
// connected to the live target when it was read: Threads_connected less
// the reader's connections (profile.Server.ReaderConnections) and the
// replicas reading its binary log; -1 when unknown.
func otherSessions(p *profile.Profile) int {
	s := p.Server
	if s == nil || !s.Reachable || s.Source != "server" {
		return -1
	}
	n, err := strconv.Atoi(strings.TrimSpace(s.Status["threads_connected"]))
	if err != nil {
		return -1
	}
	return max(n-max(s.ReaderConnections, 1)-ReplicasConnected(p), 0)
}

// busyTargetWarning warns, before the load lines, that the live target
// serves other sessions (otherSessions > 0): the load's threads share the
// cores, the disk and the pool with them, its SET GLOBAL lines apply to
// them too, and the estimate does not say what they lose; what review r30
// measured it costs them. The statistics clause was seen on MariaDB
// 10.11.19 (review r30): with innodb_stats_auto_recalc OFF, 20,000 rows
// inserted into another schema's 9,839-row table left its n_rows at 9,839
// for 15 s; set ON, its next insert recalculated it (30,076). "" on a target with no other session, or one
// not read live.
func busyTargetWarning(p *profile.Profile, threads int) string {
	n := otherSessions(p)
	if n <= 0 {
		return ""
	}
	s := p.Server
	seen := fmt.Sprintf("%s connected when it was read (Threads_connected %s, less mytune's own and any replica's)", count(n, "other session"), strings.TrimSpace(s.Status["threads_connected"]))
	if strings.HasPrefix(s.RedoRateBasis, "sampled") && s.RedoBytesPerS > 0 {
		seen += fmt.Sprintf(", writing %s/s of redo over the sample", profile.HumanBytes(uint64(s.RedoBytesPerS)))
	}
	return fmt.Sprintf("TARGET is not idle: %s. The load's %s share the cores, the disk and the buffer pool with them, and every SET GLOBAL "+
		"of DURING THE LOAD ONLY applies to their sessions and tables too (innodb_stats_auto_recalc = OFF holds their tables' statistics "+
		"too, until the undo and their next change); the restore estimate counts the host's load, not what they lose: on a 2-core MariaDB 10.11 a 2-session "+
		"sysbench oltp_read_write on another schema fell from a median %d-%d transactions/s to %d-%d while a 12-session myloader loaded a "+
		"152.6 MB dump, with seconds of none and a p95 up to %.1f s (review r30, docs/benchmarks/live-server.md). In the same sitting, "+
		"interleaved, %d myloader sessions loaded it in %d-%d s against %d s at 12 and left them %d-%d transactions/s against %d: "+
		"load when they are quiet, or with fewer --threads, and tell their users first",
		seen, count(threads, "session"), busyTPSBeforeLow, busyTPSBeforeHigh, busyTPSDuringLow, busyTPSDuringHigh, busyP95MaxSec,
		busyFewThreads, busyFewLoadLow, busyFewLoadHigh, busyManyLoad, busyFewTPSLow, busyFewTPSHigh, busyManyTPS)
}
