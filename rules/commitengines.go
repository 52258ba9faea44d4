package rules

import (
	"fmt"
	"strings"
)

// nonInnoDBCommits is true when the server listed its user tables and
// none is InnoDB or MyRocks while some are Aria or MyISAM: their commits
// then do not wait for InnoDB's redo log, whatever
// innodb_flush_log_at_trx_commit says (NonInnoDBCommitText).
func (e Env) nonInnoDBCommits() bool {
	f := e.F
	return f.HasServer && f.InnoDBTables == 0 && f.RocksDBTables <= 0 &&
		f.AriaTables >= 0 && f.MyISAMTables >= 0 && f.AriaTables+f.MyISAMTables > 0
}

// NonInnoDBCommitText replaces the commit notes' "The current settings
// make N syncs per commit", which counts InnoDB's redo log, for a server
// whose user tables are Aria and MyISAM only; "" otherwise. Measured on
// MariaDB 10.11.19 (review r38, strace -f -e trace=fdatasync,fsync on
// mariadbd, 500 single-row autocommit INSERTs per table): an Aria table
// with TRANSACTIONAL=1 (Aria's default) made 500 fdatasync of aria_log
// (aria_group_commit none, its default) and none of ib_logfile0; an Aria
// TRANSACTIONAL=0 table and a MyISAM table made none; with the binary log
// on and sync_binlog=1 each made 500 more, of the binary log; with
// sync_binlog=0, none more.
func (e Env) NonInnoDBCommitText() string {
	if !e.nonInnoDBCommits() {
		return ""
	}
	var have, kinds []string
	if n := e.F.AriaTables; n > 0 {
		have = append(have, fmt.Sprintf("%d Aria", n))
		kinds = append(kinds, "an Aria table made crash-safe (TRANSACTIONAL=1, Aria's default) syncs Aria's own log, aria_log, "+
			"at each of its commits (1 sync per commit, with aria_group_commit none, its default)")
	}
	if n := e.F.MyISAMTables; n > 0 {
		have = append(have, fmt.Sprintf("%d MyISAM", n))
	}
	none := "MyISAM tables sync nothing at commit"
	if e.F.AriaTables > 0 {
		none = "Aria tables with TRANSACTIONAL=0 and MyISAM tables sync nothing at commit"
	}
	kinds = append(kinds, none)
	s := fmt.Sprintf("The server's user tables are %s, none InnoDB, so their commits do not wait for InnoDB's redo log "+
		"(innodb_flush_log_at_trx_commit does not govern them): %s", strings.Join(have, " and "), strings.Join(kinds, "; "))
	switch {
	case e.F.LogBin && e.F.SyncBinlog == 1:
		return s + "; the binary log (sync_binlog=1) adds 1 sync to each of their commits."
	case e.F.LogBin && e.F.SyncBinlog > 1:
		return s + fmt.Sprintf("; the binary log is synced once every %d commits (sync_binlog).", e.F.SyncBinlog)
	}
	return s + "."
}
