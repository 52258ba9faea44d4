package rules

import (
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// Parallel apply on a MariaDB replica. With slave_parallel_threads 0 (the
// default) the SQL thread applies one transaction at a time, each commit
// waiting for its own syncs; with worker threads, transactions are applied
// side by side and commit together, sharing the syncs (group commit;
// MariaDB KB, "Parallel Replication").

// parallelApplyThreads is the slave_parallel_threads replication.parallel_apply
// recommends. Measured in review r49 (docs/benchmarks/live-server.md,
// "A lagging replica"): MariaDB 10.11.19 replica on a 150-write-IOPS bed
// (innodb_flush_log_at_trx_commit 1, sync_binlog 1, log_slave_updates),
// its source taking sysbench oltp_write_only with 8 threads at 150 tx/s
// for 20 s; median over 3 interleaved runs, the replica caught up 55.9 s
// after the load with 0 threads, 52.6 s with 2, 27.6 s with 4 and 6.8 s
// with 8 (slave_parallel_mode optimistic). 8 is the count measured best,
// not a ceiling fitted to this disk.
const parallelApplyThreads = 8

// ParallelApplyThreads is parallelApplyThreads, for rule expressions.
func (e Env) ParallelApplyThreads() int { return parallelApplyThreads }

// SerialApply is true for a MariaDB replica whose slave_parallel_threads
// reads 0: its SQL thread applies serially. False when the variable was
// not read or does not parse.
func (e Env) SerialApply() bool {
	if !e.F.IsMariaDB() || e.F.ReplicaRole != "replica" {
		return false
	}
	raw, ok := e.F.Raw["slave_parallel_threads"]
	if !ok {
		return false
	}
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	return err == nil && n == 0
}

// ParallelModeText says what slave_parallel_mode does to the advised worker
// threads: "" for optimistic and aggressive (transactions of one source
// applied side by side, conflicts retried), a caveat for conservative and
// minimal (only what the source group-committed together, or only the
// commits), and a fix for none (MariaDB KB, slave_parallel_mode).
func (e Env) ParallelModeText() string {
	mode := strings.ToLower(strings.TrimSpace(e.F.Raw["slave_parallel_mode"]))
	switch mode {
	case "", "optimistic", "aggressive":
		return ""
	case "none":
		return " slave_parallel_mode is none, which applies nothing in parallel: set it to optimistic as well " +
			"(the default since MariaDB 10.5.1), the same way."
	default:
		return " slave_parallel_mode is " + mode + ": only transactions the source committed together (conservative), " +
			"or only their commits (minimal), are applied side by side, so the gain measured above (with optimistic, " +
			"the default since MariaDB 10.5.1) may not be reached."
	}
}

// ParallelApplyText is the close of replication.replica_behind's detail: the
// parallel-apply variable's advice where the replica does not use it yet,
// else what it is set to (review r49: the note suggested
// slave_parallel_threads on a replica already running 8).
func (e Env) ParallelApplyText() string {
	name := "replica_parallel_workers"
	if e.F.IsMariaDB() {
		name = "slave_parallel_threads"
	}
	raw, ok := e.F.Raw[name]
	if !ok && !e.F.IsMariaDB() {
		raw, ok = e.F.Raw["slave_parallel_workers"] // MySQL before 8.0.26
	}
	n, err := strconv.Atoi(strings.TrimSpace(raw))
	switch {
	case ok && err == nil && n > 1:
		return ", and it applies in parallel already (" + name + " " + strconv.Itoa(n) + ")"
	case e.SerialApply():
		return ", and " + name + " 0 applies one transaction at a time (see the finding on it)"
	}
	return ", and " + name + " lets it apply transactions in parallel"
}

// BacklogText says what the replica holds to apply beyond the lag's
// seconds: its relay logs on disk and, by GTID, the transactions fetched
// and not applied (review r49: "36 s behind" while 229k transactions were
// queued, about 100 minutes at the replica's rate). "" when neither is
// known.
func (e Env) BacklogText() string {
	var parts []string
	if n := e.F.ReplicaQueued; n >= 0 {
		parts = append(parts, strconv.FormatInt(n, 10)+" transactions fetched and not yet applied (Gtid_IO_Pos ahead of Gtid_Slave_Pos)")
	}
	if b := e.F.ReplicaRelayBytes; b > 0 {
		parts = append(parts, "relay logs of "+profile.HumanBytes(b)+" on disk (Relay_Log_Space, the applied part of the current file included)")
	}
	if len(parts) == 0 {
		return ""
	}
	return " It holds " + strings.Join(parts, " and ") + ": the seconds say how old the event it applies is, not how long the rest takes."
}
