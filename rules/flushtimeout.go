package rules

import "fmt"

// The redo log's background sync. With innodb_flush_log_at_trx_commit 0
// or 2 a commit does not sync the redo log; a background task does, every
// innodb_flush_log_at_timeout seconds (MySQL 8.4 manual,
// innodb_flush_log_at_timeout: "Write and flush the logs every N seconds",
// 1 to 2700, default 1). Measured on MariaDB 10.11.19 at
// innodb_flush_log_at_trx_commit 2 with innodb_log_file_buffering ON and
// a stream of single-row commits: strace saw fdatasync on ib_logfile0 once
// a second at 1 and five seconds apart (22:11:14.83, 22:11:19.84) at 5,
// while the texts said "about a second" whatever it was.

// flushLogTimeout is innodb_flush_log_at_timeout as read, its default 1
// when unknown or below the range.
func flushLogTimeout(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// FlushLogEveryText says how often the redo log is synced when commits do
// not sync it: "about once a second", or "every 5 seconds
// (innodb_flush_log_at_timeout 5)".
func (e Env) FlushLogEveryText() string {
	if n := flushLogTimeout(e.F.FlushLogTimeoutS); n > 1 {
		return fmt.Sprintf("every %d seconds (innodb_flush_log_at_timeout %d)", n, n)
	}
	return "about once a second"
}

// LossWindowText is what a crash can lose of what was committed but not
// yet synced: "about a second", or "5 seconds (innodb_flush_log_at_timeout
// 5)".
func (e Env) LossWindowText() string {
	if n := flushLogTimeout(e.F.FlushLogTimeoutS); n > 1 {
		return fmt.Sprintf("%d seconds (innodb_flush_log_at_timeout %d)", n, n)
	}
	return "about a second"
}
