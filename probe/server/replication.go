package server

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"github.com/mytune/mytune/profile"
)

// replication decides the role: a replica when the replica status has
// rows, a source when replicas are connected, else standalone (roleOf).
func (r *reader) replication(ctx context.Context) {
	rep := &profile.Replication{Role: profile.RoleUnknown, SecondsBehind: -1}
	r.s.Replication = rep
	q := qSlaveStat
	v, _ := profile.ParseVersion(r.s.Version)
	switch {
	case r.s.Flavor == profile.FlavorMariaDB:
		q = qAllSlaves
	case v.AtLeast(8, 0, 22):
		q = qReplicaStat
	}
	what := "replication status (" + label(q) + ")"
	if r.skip(ctx, what) {
		rep.ReplicasUnknown = true
		return
	}
	rows, err := r.replicaRows(ctx, q)
	if err != nil {
		r.unread(what, err)
	}
	n, known := 0, false
	if !r.stalled(ctx) {
		n, known = r.connectedReplicas(ctx)
	}
	roleOfRead(rep, rows, err, n)
	rep.ReplicasUnknown = !known
}

// roleOfRead is roleOf when the replica status was read (err nil). When it
// was not (an account without SUPER, SLAVE MONITOR or REPLICATION CLIENT),
// whether the server is a replica stays unknown, but the replicas
// connected to it still count: MariaDB's Slaves_connected needs no
// privilege, and a source whose replicas went unseen was advised to load
// without the binary log, which they then never receive (review r7: a
// USAGE account on a source with Slaves_connected 1 got "skip the binary
// log while loading" and a myloader line without --enable-binlog).
func roleOfRead(rep *profile.Replication, rows []map[string]string, err error, n int) {
	if err == nil {
		roleOf(rep, rows, n)
		return
	}
	rep.Replicas = max(n, 0)
	if n > 0 {
		rep.Role = profile.RoleSource
	}
}

// roleOf fills rep from the replica status rows and the replicas
// connected (n). A server whose replica configuration is wholly stopped
// while replicas read its binary log is a source with a leftover
// configuration, not a stopped replica (QA 17: after CHANGE MASTER TO …;
// RESET SLAVE without ALL, a primary with Slaves_connected 1 was told to
// START ALL SLAVES, and followed it replicated from its own replica).
func roleOf(rep *profile.Replication, rows []map[string]string, n int) {
	rep.Replicas = max(n, 0)
	switch {
	case len(rows) > 0 && (n == 0 || anyThreadRunning(rows)):
		fillReplica(rep, rows)
	case len(rows) > 0:
		rep.Role, rep.LeftoverChannels = profile.RoleSource, len(rows)
	case n > 0:
		rep.Role = profile.RoleSource
	default:
		rep.Role = profile.RoleStandalone
	}
}

// anyThreadRunning is true when an I/O or SQL thread of some channel runs
// or is connecting (Slave_IO_Running "Connecting").
func anyThreadRunning(rows []map[string]string) bool {
	for _, m := range rows {
		for _, v := range []string{m["replica_io_running"], m["slave_io_running"], m["replica_sql_running"], m["slave_sql_running"]} {
			if strings.EqualFold(v, "yes") || strings.EqualFold(v, "connecting") {
				return true
			}
		}
	}
	return false
}

// replicaRows returns each row of a replica status as column → value.
func (r *reader) replicaRows(ctx context.Context, q query) ([]map[string]string, error) {
	qc, cancel := r.qctx(ctx)
	defer cancel()
	rows, err := r.db.QueryContext(qc, string(q))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	var out []map[string]string
	for rows.Next() {
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		m := make(map[string]string, len(cols))
		for i, c := range cols {
			if vals[i].Valid {
				m[strings.ToLower(c)] = vals[i].String
			}
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// fillReplica summarises replica status rows (old and new column names):
// the largest lag, the largest delay, and the largest lag beyond its own
// channel's delay.
func fillReplica(rep *profile.Replication, rows []map[string]string) {
	rep.Role, rep.Channels, rep.Running = profile.RoleReplica, len(rows), true
	beyond := int64(-1)
	for _, m := range rows {
		io := firstNonEmpty(m["replica_io_running"], m["slave_io_running"])
		sqlRun := firstNonEmpty(m["replica_sql_running"], m["slave_sql_running"])
		if !strings.EqualFold(io, "yes") || !strings.EqualFold(sqlRun, "yes") {
			rep.Running = false
		}
		delay, err := strconv.ParseInt(m["sql_delay"], 10, 64)
		if err != nil {
			delay = 0
		}
		rep.SQLDelayS = max(rep.SQLDelayS, delay)
		lag := firstNonEmpty(m["seconds_behind_source"], m["seconds_behind_master"])
		if n, err := strconv.ParseInt(lag, 10, 64); err == nil {
			rep.SecondsBehind = max(rep.SecondsBehind, n)
			beyond = max(beyond, max(n-delay, 0))
		}
	}
	rep.BeyondDelayS = &beyond
	rep.GTIDPosition = byGTID(rows)
	rep.RelayLogBytes, rep.QueuedTransactions = relayBacklog(rows, rep.GTIDPosition)
}

// relayBacklog sums the channels' Relay_Log_Space and, for a replica by
// GTID position, the transactions fetched but not applied: per channel and
// replication domain, Gtid_IO_Pos's sequence number less Gtid_Slave_Pos's
// (MariaDB KB "Global Transaction ID": a GTID is domain-server-sequence;
// SHOW ALL SLAVES STATUS shows both positions).
func relayBacklog(rows []map[string]string, byGTID bool) (uint64, *int64) {
	var space uint64
	var queued int64
	known := byGTID
	for _, m := range rows {
		if n, err := strconv.ParseUint(strings.TrimSpace(m["relay_log_space"]), 10, 64); err == nil {
			space += n
		}
		io, iok := m["gtid_io_pos"]
		applied, aok := m["gtid_slave_pos"]
		if !iok || !aok {
			known = false
			continue
		}
		done := gtidSeqs(applied)
		for domain, seq := range gtidSeqs(io) {
			queued += max(seq-done[domain], 0)
		}
	}
	if !known {
		return space, nil
	}
	return space, &queued
}

// gtidSeqs reads a GTID list ("0-1-229134,1-2-17") into each domain's
// sequence number.
func gtidSeqs(list string) map[string]int64 {
	out := map[string]int64{}
	for _, g := range strings.Split(list, ",") {
		parts := strings.Split(strings.TrimSpace(g), "-")
		if len(parts) != 3 {
			continue
		}
		if n, err := strconv.ParseInt(parts[2], 10, 64); err == nil {
			out[parts[0]] = max(out[parts[0]], n)
		}
	}
	return out
}

// byGTID is true when every channel replicates by GTID position (MariaDB's
// Using_Gtid Slave_Pos or Current_Pos; MySQL has no such column).
func byGTID(rows []map[string]string) bool {
	for _, m := range rows {
		if u := strings.ToLower(m["using_gtid"]); u != "slave_pos" && u != "current_pos" {
			return false
		}
	}
	return len(rows) > 0
}

// connectedReplicas counts replicas connected to this server: MariaDB's
// Slaves_connected counter, or MySQL's Binlog Dump threads (visible only
// with the PROCESS privilege). known is false when the count could not
// be read, or on MySQL when no dump and no other user's session is
// visible: an account without PROCESS sees 0 dumps on a source too
// (review r7), and a load planned on that 0 skips the binary log.
func (r *reader) connectedReplicas(ctx context.Context) (n int, known bool) {
	qc, cancel := r.qctx(ctx)
	defer cancel()
	if r.s.Flavor == profile.FlavorMariaDB {
		var name, val string
		if err := r.db.QueryRowContext(qc, string(qSlavesStatus)).Scan(&name, &val); err != nil {
			return 0, false
		}
		n, err := strconv.Atoi(val)
		return n, err == nil
	}
	var others int
	if err := r.db.QueryRowContext(qc, string(qBinlogDumps)).Scan(&n, &others); err != nil {
		return 0, false
	}
	return n, n > 0 || others > 0
}

// sampleRedo reads Innodb_os_log_written again RedoSample after the
// status snapshot taken at t0, and not before r.until closes, and stores
// the rate; derive falls back to the lifetime average when this is
// skipped or fails.
func (r *reader) sampleRedo(ctx context.Context, t0 time.Time) {
	if r.sampled != nil {
		defer r.sampled()
	}
	gap := r.c.RedoSample
	if gap == 0 {
		gap = DefaultRedoSample
	}
	first, ok := statusNum(r.s.Status, redoCounter)
	if gap < 0 || !ok {
		return
	}
	if r.until != nil {
		select {
		case <-ctx.Done():
			return
		case <-r.until:
		}
	}
	if wait := time.Until(t0.Add(gap)); wait > 0 {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
	if r.skip(ctx, "the second redo reading (the redo rate)") {
		return
	}
	qc, cancel := r.qctx(ctx)
	defer cancel()
	var name, val string
	q := qRedo
	err := r.db.QueryRowContext(qc, string(q)).Scan(&name, &val)
	if q, retry := statementBounded(q, err); retry {
		err = r.db.QueryRowContext(qc, string(q)).Scan(&name, &val)
	}
	if err != nil {
		if ctx.Err() == nil {
			r.unread("the second redo reading (the redo rate)", err)
		}
		return
	}
	second, err := strconv.ParseFloat(val, 64)
	rate, why := redoSample(first, second, time.Since(t0).Seconds())
	switch {
	case err != nil:
	case why != "":
		r.s.Unread = append(r.s.Unread, "the second redo reading (the redo rate): "+why)
	case rate >= 0:
		r.s.RedoBytesPerS, r.s.RedoRateBasis = rate, BasisSampled
	}
}
