package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// commitWait is whether each commit of a mysqldump file's load waits for
// the disk: the file loads through one session with autocommit on, so
// every INSERT statement is a transaction (mysqldump writes no BEGIN or
// COMMIT around them), and with innodb_flush_log_at_trx_commit = 1 each
// waits for the redo log's write and sync before the next is sent (MySQL
// 8.4 manual and MariaDB KB, innodb_flush_log_at_trx_commit). With 2 (or
// 0) the log is synced once a second instead, unless MariaDB writes it
// with O_DIRECT (innodb_log_file_buffering OFF: each commit's write then
// waits, UnbufferedLogNote). Batched loaders (myloader, loadDump) commit
// once per QueriesPerTransaction statements: not counted.
func commitWait(p *profile.Profile, o Options, temp []Setting) bool {
	d := p.Dump
	if d == nil || d.Format != "mysqldump" {
		return false
	}
	flush, buffering := "1", ""
	for _, vars := range varSets(p, o) {
		if v := strings.TrimSpace(vars["innodb_flush_log_at_trx_commit"]); v != "" && flush == "1" {
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
	unbuffered := buffering == "OFF" || buffering == "0"
	return flush == "1" || (flush == "2" && unbuffered)
}

// statementsOf is the INSERT statements of a mysqldump file, those of
// the part scanned scaled to the whole when the scan stopped early.
func statementsOf(d *profile.Dump) float64 {
	n := float64(d.InsertStatements)
	if d.ScannedBytes > 0 && d.TotalBytes > d.ScannedBytes {
		n *= float64(d.TotalBytes) / float64(d.ScannedBytes)
	}
	return n
}

// commitCost is the time a mysqldump file's load waits on its commits
// when each waits for the disk (commitWait): one per INSERT statement, one
// after another, at the probe's 16K write + fdatasync p50 (the redo-log
// pattern); 0 when they do not wait or the latency is unknown, and below
// 0.1 s left out.
func commitCost(s profile.Storage, d *profile.Dump, waits bool) (float64, string) {
	lat := s.Fsync.P50US / 1e6
	if !waits || lat <= 0 || d == nil || d.InsertStatements <= 0 {
		return 0, ""
	}
	n := statementsOf(d)
	sec := n * lat
	if sec < 0.1 {
		return 0, ""
	}
	return sec, fmt.Sprintf("; plus %.1f s of commits: %s INSERT statements, each its own transaction (the file runs with autocommit), "+
		"one after another, each waiting %s (the probe's commit p50; innodb_flush_log_at_trx_commit = 1 syncs the redo log per commit)",
		sec, kilo(n), micros(s.Fsync.P50US))
}
