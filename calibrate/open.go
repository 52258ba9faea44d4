package calibrate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe/server"
)

// ErrBinlogRefused is returned by Open when the binary log is on, the
// account may not skip it and the caller did not allow the writes to reach
// it: a usage matter (another account, or --allow-binlog).
var ErrBinlogRefused = usage.Errorf("the binary log is on and this account may not skip it (SUPER or SYSTEM_VARIABLES_ADMIN): " +
	"calibrate's scratch schema would reach replicas; use an account that may, or pass --allow-binlog")

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
// (sql_log_bin=0) so the scratch writes never reach replicas. An account
// that may not do that gets ErrBinlogRefused while the binary log is on,
// unless o.AllowBinlog; note then says the writes were logged. Refused
// credentials come back as *server.AuthError.
func Open(ctx context.Context, conn server.Conn, o OpenOptions) (db *sql.DB, note string, err error) {
	if o.ForDump {
		conn.QueryTimeout = max(conn.QueryTimeout, DefaultDumpQueryTimeout)
	}
	db, err = server.Open(ctx, conn, server.OpenOptions{InterpolateParams: true, SkipBinlog: true, Autocommit: true})
	if errors.Is(err, server.ErrSkipBinlogDenied) {
		if db, err = server.Open(ctx, conn, server.OpenOptions{InterpolateParams: true, Autocommit: true}); err == nil {
			if note, err = binlogNote(ctx, db, o.AllowBinlog); err != nil {
				db.Close()
				return nil, "", err
			}
		}
	}
	if err != nil {
		var ae *server.AuthError
		if errors.As(err, &ae) {
			return nil, "", ae
		}
		return nil, "", fmt.Errorf("connecting to the server to calibrate: %w", err)
	}
	if readOnly(ctx, db) {
		note = strings.TrimPrefix(note+"; "+readOnlyNote, "; ")
	}
	return db, note, nil
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
		return "", ErrBinlogRefused
	}
	return "the binary log is on and this account may not skip it: the scratch schema, its inserts and its drop went to the binary log (--allow-binlog)", nil
}
