package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Commit waits of a mysqldump file's load (commitWait).
const (
	commitNoWait = iota
	// commitSyncs: innodb_flush_log_at_trx_commit = 1 (or MariaDB's 3), each commit writes
	// and syncs the redo log.
	commitSyncs
	// commitWrites: 2 on a MariaDB that writes its log with O_DIRECT
	// (innodb_log_file_buffering OFF): each commit waits for the write,
	// not a sync.
	commitWrites
)

// commitWait is how each commit of a mysqldump file's load waits for the
// disk: the file loads through one session with autocommit on, so every
// INSERT statement is a transaction (mysqldump writes no BEGIN or COMMIT
// around them, unless --no-autocommit: then one COMMIT per table,
// statementsOf), and with innodb_flush_log_at_trx_commit = 1 each waits for
// the redo log's write and sync before the next is sent (MySQL 8.4 manual
// and MariaDB KB, innodb_flush_log_at_trx_commit). With 2 (or 0) the log
// is synced once a second instead, but a MariaDB that writes it with
// O_DIRECT (innodb_log_file_buffering OFF) still waits for each commit's
// write (UnbufferedLogNote). Batched loaders (myloader, loadDump) commit
// once per QueriesPerTransaction statements: not counted.
func commitWait(p *profile.Profile, o Options, temp []Setting) int {
	if d := p.Dump; d == nil || d.Format != "mysqldump" {
		return commitNoWait
	}
	return commitMode(p, o, temp)
}

// commitMode is how a commit of the load waits for the disk with the
// durability it runs with (innodb_flush_log_at_trx_commit, the log's
// buffering, the during-load settings), whatever the loader.
func commitMode(p *profile.Profile, o Options, temp []Setting) int {
	flush, buffering := "1", ""
	for _, vars := range varSets(p, o) {
		if v := strings.TrimSpace(vars["innodb_flush_log_at_trx_commit"]); v != "" {
			flush = v
			break
		}
	}
	for _, vars := range varSets(p, o) {
		if v := strings.ToUpper(strings.TrimSpace(vars["innodb_log_file_buffering"])); v != "" {
			buffering = v
			break
		}
	}
	for _, s := range temp {
		if strings.Contains(s.Apply, "innodb_flush_log_at_trx_commit = 2") {
			flush = "2"
		}
	}
	switch unbuffered := buffering == "OFF" || buffering == "0"; {
	case flush == "1" || flush == "3": // 3: MariaDB flushes at prepare and at commit (MariaDB KB)
		return commitSyncs
	case flush == "2" && unbuffered:
		return commitWrites
	}
	return commitNoWait
}

// statementsOf is the transactions a mysqldump file's load commits: its
// INSERT statements (each its own with autocommit on), or its COMMITs and
// the INSERTs outside them when the file turns autocommit off (Dump.
// Transactions); those of the part scanned scaled to the whole when the
// scan stopped early.
func statementsOf(d *profile.Dump) float64 {
	n := float64(d.InsertStatements)
	if d.AutocommitOff {
		n = float64(d.Transactions)
	}
	if d.ScannedBytes > 0 && d.TotalBytes > d.ScannedBytes {
		n *= float64(d.TotalBytes) / float64(d.ScannedBytes)
	}
	return n
}

// commitCost is the time a mysqldump file's load waits on its commits,
// one after another: each a 16K write + fdatasync at the probe's average
// rate (stalls included; p50 when no rate: the p50 alone predicted 5 s
// for a load that took 282 s on the sd bed, docs/benchmarks/commit-wait.md)
// when they sync, or a 16K O_DIRECT write at the probe's one-thread random
// write rate when they only write; 0 when they do not wait or the disk
// was not measured, and below 0.1 s left out.
func commitCost(s profile.Storage, d *profile.Dump, wait int) (float64, string) {
	if wait == commitNoWait || d == nil || statementsOf(d) <= 0 {
		return 0, ""
	}
	each, what := commitEach(s, wait)
	n := statementsOf(d)
	sec := n * each
	if sec < 0.1 {
		return 0, ""
	}
	return sec, fmt.Sprintf("; plus %.1f s of commits: %s, one after another, %s", sec, commitsSaid(d, n), what)
}

// commitEach is one commit's wait on the disk and how it was derived: a
// 16K write + fdatasync at the probe's average rate (its p50 when no
// rate) when commits sync, a 16K O_DIRECT write at the one-thread random
// write rate when they only write; 0 when they do not wait or the disk was
// not measured.
func commitEach(s profile.Storage, wait int) (each float64, what string) {
	f := s.CommitFsync()
	switch {
	case wait == commitNoWait:
	case wait == commitWrites:
		if pt, ok := profile.At(s.RandWrite, 1); ok && pt.IOPS > 0 {
			each, what = 1/pt.IOPS, fmt.Sprintf("one 16K log write each (innodb_flush_log_at_trx_commit = 2 on a log written with O_DIRECT), %s at the probe's %.0f random 16K writes/s on 1 thread", micros(1e6/pt.IOPS), pt.IOPS)
		}
	case f.OpsPerS > 0:
		each, what = 1/f.OpsPerS, fmt.Sprintf("a redo write and sync each (innodb_flush_log_at_trx_commit = 1), %s at the probe's %.0f 16K write + fdatasync per second on average", micros(1e6/f.OpsPerS), f.OpsPerS)
	case f.P50US > 0:
		each, what = f.P50US/1e6, fmt.Sprintf("a redo write and sync each (innodb_flush_log_at_trx_commit = 1), %s (the probe's commit p50)", micros(f.P50US))
	}
	return each, what
}

// commitsSaid names what a mysqldump file's n commits are.
func commitsSaid(d *profile.Dump, n float64) string {
	if d.AutocommitOff {
		return fmt.Sprintf("%s transactions (the file turns autocommit off and commits once per table, mysqldump --no-autocommit; "+
			"%s INSERT statements in them)", kilo(n), kilo(float64(d.InsertStatements)*n/max(float64(d.Transactions), 1)))
	}
	return fmt.Sprintf("%s INSERT statements, each its own transaction (the file runs with autocommit)", kilo(n))
}
