package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// RedoDisableSince is the first MySQL release with ALTER INSTANCE DISABLE
// INNODB REDO_LOG (MySQL 8.0.21 release notes; MySQL manual, "Disabling
// Redo Logging"). MariaDB has no such statement.
var RedoDisableSince = profile.Version{Major: 8, Minor: 0, Patch: 21}

// BatchedFlushNote says why a myloader or loadDump restore gets no relaxed
// flushing: they commit every 1000 statements (myloader) or per chunk, so a
// commit's fsync is rare. Measured on the 100-IOPS card bed (myloader -t 4,
// 39.7 MB dump): innodb_flush_log_at_trx_commit=2 took 49.3 s against 49.0 s
// (medians of 3; docs/benchmarks/during-load-settings.md, "During-load settings"); with the loading
// sessions off the binary log, sync_binlog has nothing to flush.
const BatchedFlushNote = "relaxed flushing (innodb_flush_log_at_trx_commit=2, sync_binlog=0) not offered: the loader commits in large batches, and on the card bed it did not speed up the restore (49.3 s against 49.0 s)"

// loadSettings lists the temporary load-time settings the durability
// choice allows on this server, each with its undo, notes on what was
// left out and why, and the buffer pool the load runs with once they are
// applied (b, or b grown).
func loadSettings(p *profile.Profile, o Options, b pool) ([]Setting, []string, pool) {
	vars := loadVars(p, o)
	var out []Setting
	var notes []string
	state := binlogState(p, o)
	binlogOn := state != BinlogOff
	if binlogOn && !replicating(p, o) { // replicas read the binary log: the load lines write it
		out = append(out, skipBinlog(p, o, state))
	}
	if s, ok := localInfile(p, o, vars); ok {
		out = append(out, s)
	}
	if s, ok := packetSetting(p, o); ok {
		out = append(out, s)
	}
	if s, ok := galeraAnnotate(p, o); ok {
		out = append(out, s)
	}
	for _, grow := range []func(*profile.Profile, Options, pool) (Setting, pool, string, bool){growPool, growRedo} {
		s, g, why, ok := grow(p, o, b)
		if ok {
			out, b = append(out, s), g
		} else if why != "" {
			notes = append(notes, why)
		}
	}
	if o.Durability != DurabilityRelaxed {
		notes = append(notes, "durability strict: relaxed flushing (innodb_flush_log_at_trx_commit=2, sync_binlog=0) and redo-log disabling are not offered; use --durability relaxed for a load you can redo")
		return out, notes, b
	}
	if d := p.Dump; d != nil && (d.Format == "mydumper" || d.Format == "mysqlsh") {
		notes = append(notes, BatchedFlushNote)
	} else {
		flush := relaxedFlush(liveVars(p, vars), o.Advised, binlogOn)
		out = append(out, flush...)
		if v := strings.ToUpper(vars["innodb_log_file_buffering"]); len(flush) > 0 && (v == "OFF" || v == "0") {
			notes = append(notes, UnbufferedLogNote)
		}
	}
	if s, ok, why := redoDisable(targetOf(p, o)); ok {
		out = append(out, s)
	} else {
		notes = append(notes, why)
	}
	return out, notes, b
}

// loadVars are the target's variables as the load meets them: the
// server's, with the advised my.cnf applied over them.
func loadVars(p *profile.Profile, o Options) map[string]string {
	vars := map[string]string{}
	if p.Server != nil {
		for k, v := range p.Server.Variables {
			vars[k] = v
		}
	}
	for k, v := range o.Advised { // the load runs after the advised my.cnf is applied
		vars[k] = v
	}
	return vars
}

// skipBinlog is the during-load setting that keeps the load out of the
// binary log, worded for the loader and for what is known of log_bin.
func skipBinlog(p *profile.Profile, o Options, state string) Setting {
	name := "skip the binary log while loading"
	if state == BinlogUnknown {
		name += ", if the binary log is on (log_bin: no server or my.cnf was read" + binlogDefaultText(targetOf(p, o)) + ")"
	}
	apply := "SET SESSION sql_log_bin = 0; -- in the loading session: "
	if shellTools(targetOf(p, o)) { // MySQL Shell's utilities load neither into MariaDB nor before MySQL 5.7 (shelltarget.go)
		apply += "mysqlsh loadDump skipBinlog: true; "
	}
	apply += "myloader 0.10 does it unless --enable-binlog"
	if d := p.Dump; d != nil && d.Format == "mysqldump" {
		apply = "SET SESSION sql_log_bin = 0; -- in the loading session: " + InitSkipBinlog + " on the mysql line does it"
		if state == BinlogOn {
			apply += " (the line above has it)"
		}
	}
	risk := "the loaded rows reach neither replicas nor point-in-time recovery: load replicas the same way and take a fresh backup after; "
	if galeraNode(p, o) {
		risk = galeraSkipWarning
	}
	return Setting{Name: name, Apply: apply, Undo: "SET SESSION sql_log_bin = 1;", Warning: risk + skipBinlogAccount(p, o)}
}

// skipBinlogAccount says which privilege the loading account needs to
// skip the binary log and what the load line does without it. Run on
// 2026-12-06 against MariaDB 10.11.19 (log_bin ON) as an account with
// only ALL on its database: myloader 0.10 exited 0 with every INSERT in
// the binary log, and the mysql line's --init-command='SET SESSION
// sql_log_bin=0' stopped it before it loaded anything ("ERROR 1227
// (42000): Access denied; you need (at least one of) the SUPER, BINLOG
// ADMIN privilege(s)", exit 1).
func skipBinlogAccount(p *profile.Profile, o Options) string {
	t := targetOf(p, o)
	need := "the loading account needs " + profile.SkipBinlogPrivileges(t.Flavor, t.Version) + " to skip it"
	switch dumpFormat(p.Dump) {
	case "mysqldump":
		if p.Dump.SessionBinlogOff {
			return need + ": without it the mysql line stops before loading anything (\"ERROR 1227 (42000): Access denied\", exit 1); " +
				"load as an account that has it, or take sql_log_bin=0 out of the line's --init-command and the file's own " +
				"SET @@SESSION.SQL_LOG_BIN= 0 line out of the file, and let the binary log have the rows"
		}
		return need + ": without it the mysql line stops before loading anything (\"ERROR 1227 (42000): Access denied\", exit 1); " +
			"load as an account that has it, or take sql_log_bin=0 out of the line's --init-command and let the binary log have the rows"
	case "mysqlsh":
		return need
	}
	return need + ": without it myloader 0.10 writes every row into the binary log anyway, without a word (exit 0), so the rows " +
		"reach the replicas and the load takes the time of a load with the binary log written"
}

// UnbufferedLogNote warns that the relaxed flushing does not stop commits
// waiting while MariaDB writes its redo log with O_DIRECT: on an SD-like
// bed a 1-thread write workload ran 74 TPS with 2 set online and 1,500
// after SET GLOBAL innodb_log_file_buffering = ON (rules.Env.LogUnbuffered).
// Not measured for loads here, so a note, not a setting. There is no
// online undo: on MariaDB 10.11.19 SET GLOBAL innodb_log_file_buffering =
// OFF after ON leaves it ON (1), with no warning (QA 2026-12-03, seen
// again here); only a restart writes the log with O_DIRECT again.
const UnbufferedLogNote = "this MariaDB writes its redo log with O_DIRECT (innodb_log_file_buffering OFF): with " +
	"innodb_flush_log_at_trx_commit=2 set online each commit's log write still waits for the disk; " +
	"SET GLOBAL innodb_log_file_buffering = ON lets it go through the page cache (74 against 1,500 " +
	"single-session write transactions/s on an SD-like bed; not measured for loads here); it has no online undo: " +
	"SET GLOBAL innodb_log_file_buffering = OFF leaves it ON (MariaDB 10.11.19), and the log is written with O_DIRECT " +
	"again only after the next restart"

// relaxedFlush offers flushing the redo log and binary log once a second
// instead of per commit. Whether to offer it and its undo follow the value
// the server runs now (cur: the live server's, else the advised my.cnf's
// or the default): QA 17's undo put back the advised cnf's sync_binlog
// 1000 on a server running 1, and left the redo flush out because the cnf
// set 2. Where the advised my.cnf sets another value, the risk says so.
func relaxedFlush(cur, advised map[string]string, binlogOn bool) []Setting {
	var out []Setting
	if v := valueOr(cur, "innodb_flush_log_at_trx_commit", "1"); v == "1" || v == "3" { // 3: MariaDB's flush at prepare and commit
		out = append(out, Setting{Name: "flush the redo log once a second",
			Apply:   "SET GLOBAL innodb_flush_log_at_trx_commit = 2;",
			Undo:    fmt.Sprintf("SET GLOBAL innodb_flush_log_at_trx_commit = %s;", v),
			Warning: "an OS crash or power loss loses up to about a second of commits (MySQL manual, innodb_flush_log_at_trx_commit)" + undoVsAdvised(advised, "innodb_flush_log_at_trx_commit", v)})
	}
	if v := valueOr(cur, "sync_binlog", "1"); binlogOn && v != "0" {
		out = append(out, Setting{Name: "let the OS flush the binary log",
			Apply:   "SET GLOBAL sync_binlog = 0;",
			Undo:    fmt.Sprintf("SET GLOBAL sync_binlog = %s;", v),
			Warning: "an OS crash or power loss can lose binary log events that were committed" + undoVsAdvised(advised, "sync_binlog", v)})
	}
	return out
}

// liveVars is vars (the advised my.cnf's over the server's) with the
// live server's own values laid back over them: the values a SET GLOBAL
// undo must put back.
func liveVars(p *profile.Profile, vars map[string]string) map[string]string {
	out := make(map[string]string, len(vars))
	for k, v := range vars {
		out[k] = v
	}
	if p.Server != nil {
		for k, v := range p.Server.Variables {
			out[k] = v
		}
	}
	return out
}

// undoVsAdvised says that the undo puts back the server's value v where
// the advised my.cnf sets name otherwise, "" where it does not.
func undoVsAdvised(advised map[string]string, name, v string) string {
	a := strings.TrimSpace(advised[name])
	if a == "" || a == v {
		return ""
	}
	return fmt.Sprintf("; the undo puts back the %s the server runs now (%s); the advised my.cnf sets %s, so once that is applied use SET GLOBAL %s = %s instead", name, v, a, name, a)
}

// redoDisable offers disabling InnoDB redo logging on MySQL 8.0.21+. An
// assumed target (no server, --target or my.cnf) gets no such offer: the
// statement is not crash-safe, so it needs a target someone named.
func redoDisable(t profile.Target) (Setting, bool, string) {
	if t.Version == "" {
		return Setting{}, false, "redo-log disabling not offered: the target server's flavor and version are unknown"
	}
	if t.IsMariaDB() {
		return Setting{}, false, "redo-log disabling not offered: MariaDB has no ALTER INSTANCE DISABLE INNODB REDO_LOG"
	}
	if t.Source == profile.SourceDefault {
		return Setting{}, false, fmt.Sprintf("redo-log disabling not offered: the target (MySQL %s) is assumed, not known; pass --target or reach the server", t.Version)
	}
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil || v.Less(RedoDisableSince) {
		return Setting{}, false, fmt.Sprintf("redo-log disabling not offered: it needs MySQL 8.0.21 or newer (target is %s)", t.Version)
	}
	return Setting{Name: "disable InnoDB redo logging for the load",
		Apply:   "ALTER INSTANCE DISABLE INNODB REDO_LOG;",
		Undo:    "ALTER INSTANCE ENABLE INNODB REDO_LOG;",
		Warning: "NOT crash-safe: a server stop or crash while redo logging is disabled can leave the whole instance unrecoverable; only on a fresh instance you can rebuild from the dump (MySQL manual, 'Disabling Redo Logging')"}, true, ""
}

func valueOr(vars map[string]string, name, def string) string {
	if v := strings.TrimSpace(vars[name]); v != "" {
		return v
	}
	return def
}
