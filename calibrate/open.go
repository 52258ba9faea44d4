package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// ErrBinlogRefused is what Open's error wraps when the binary log is on,
// the account may not skip it and the caller did not allow the writes to
// reach it: a usage matter (another account, or --allow-binlog).
var ErrBinlogRefused = errors.New("the binary log is on and this account may not skip it")

// binlogRefused is ErrBinlogRefused naming the privileges that would let
// the account skip the binary log on this server.
func binlogRefused(flavor, version string) error {
	return usage.Errorf("%w (it needs %s): calibrate's scratch schema would reach replicas; use an account that may, or pass --allow-binlog",
		ErrBinlogRefused, profile.SkipBinlogPrivileges(flavor, version))
}

// OpenOptions says how calibrate may write on the server.
type OpenOptions struct {
	// AllowBinlog lets the scratch writes reach the binary log when the
	// account may not skip it (--allow-binlog).
	AllowBinlog bool
	// ForDump raises the read timeout to DefaultDumpQueryTimeout: a dump's
	// statement (1 MB from mydumper) or a commit can take many seconds on a
	// slow card.
	ForDump bool
}

// Open opens a pool on conn whose sessions skip the binary log
// (sql_log_bin=0) so the scratch writes never reach replicas, and, on a
// Galera node, Galera replication too (wsrep_on=0, offCluster). An account
// that may not do that gets ErrBinlogRefused while the binary log is on
// (ErrClusterRefused on a Galera node), unless o.AllowBinlog; note then
// says the writes were logged (replicated). With wsrep_on=0 the note says
// the rates leave the cluster out. Refused credentials come back as
// *server.AuthError.
func Open(ctx context.Context, conn server.Conn, o OpenOptions) (db *sql.DB, note string, err error) {
	if o.ForDump {
		conn.QueryTimeout = max(conn.QueryTimeout, DefaultDumpQueryTimeout)
	}
	skipBinlog := true
	db, err = server.Open(ctx, conn, poolOptions(skipBinlog, false))
	if errors.Is(err, server.ErrSkipBinlogDenied) {
		skipBinlog = false
		if db, err = server.Open(ctx, conn, poolOptions(skipBinlog, false)); err == nil {
			if note, err = binlogNote(ctx, db, o.AllowBinlog); err != nil {
				db.Close()
				return nil, "", err
			}
		}
	}
	if err != nil {
		return nil, "", openErr(err)
	}
	if galeraNode(ctx, db) {
		db.Close()
		var cnote string
		if db, cnote, err = offCluster(ctx, conn, skipBinlog, o.AllowBinlog); err != nil {
			return nil, "", err
		}
		note = joinNote(note, cnote)
	}
	if readOnly(ctx, db) {
		note = joinNote(note, readOnlyNote)
	}
	return db, note, nil
}

// poolOptions are the pool settings of calibrate's sessions.
func poolOptions(skipBinlog, skipWsrep bool) server.OpenOptions {
	return server.OpenOptions{InterpolateParams: true, SkipBinlog: skipBinlog, SkipWsrep: skipWsrep, Autocommit: true}
}

// openErr words a failed connection: refused credentials stay *server.AuthError.
func openErr(err error) error {
	var ae *server.AuthError
	if errors.As(err, &ae) {
		return ae
	}
	return fmt.Errorf("connecting to the server to calibrate: %w", err)
}

// joinNote appends b to a, "; " between them.
func joinNote(a, b string) string {
	return strings.TrimPrefix(a+"; "+b, "; ")
}

// readOnlyNote says a read_only server (a replica, as a rule) was written
// to: an account with SUPER (or READ_ONLY ADMIN) may, and calibrate's
// scratch schema then differs from the source while the run lasts.
const readOnlyNote = "the server is read_only (a replica?): this account may write there anyway, so the scratch schema " +
	"existed on it during the run (dropped at the end; sql_log_bin=0 kept it out of its binary log where the account may " +
	"skip it); calibrate a source or a copy of the target instead where you can"

// readOnly reports whether the server says @@read_only is on; false when
// it cannot be read.
func readOnly(ctx context.Context, db *sql.DB) bool {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var on bool
	return db.QueryRowContext(qc, qReadOnly.in("")).Scan(&on) == nil && on
}

// binlogNote decides for an account that may not skip the binary log: fine
// when the log is off, refused when on (unless allowed).
func binlogNote(ctx context.Context, db *sql.DB, allow bool) (string, error) {
	on, err := BinlogOn(ctx, db)
	switch {
	case err != nil:
		return "", fmt.Errorf("checking the binary log before writing: %w", err)
	case !on:
		return "", nil
	case !allow:
		return "", binlogRefused(serverFlavor(ctx, db))
	}
	if err := replicaBinlogRefused(ctx, db); err != nil {
		return "", err
	}
	return "the binary log is on and this account may not skip it: the scratch schema, its inserts and its drop went to the binary log (--allow-binlog)", nil
}

// serverFlavor is the server's flavor and version; empty when unread.
func serverFlavor(ctx context.Context, db *sql.DB) (flavor, version string) {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var v, comment sql.NullString
	if db.QueryRowContext(qc, qVersion.in("")).Scan(&v, &comment) != nil {
		return "", ""
	}
	version = profile.CleanVersion(v.String)
	return server.DetectFlavor(version, comment.String), version
}
