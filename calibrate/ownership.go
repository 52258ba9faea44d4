package calibrate

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Owner is the marker row a run writes first into its scratch schema: the
// proof, for --cleanup, that mytune created the schema.
type Owner struct {
	RunID     string
	Host      string
	PID       int
	StartedAt string // RFC 3339
	// PIDNS and BootID say which pid namespace the PID is in and which
	// boot of the host ran it ("" in markers written before them, or where
	// /proc does not say): a container's run has pids of its own.
	PIDNS, BootID string
}

// newOwner describes this run.
func newOwner() Owner {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+ documentation)
	host, _ := os.Hostname()
	pidns, boot := processNamespace()
	return Owner{RunID: hex.EncodeToString(b), Host: host, PID: os.Getpid(), StartedAt: time.Now().UTC().Format(time.RFC3339),
		PIDNS: pidns, BootID: boot}
}

// hostColumn is the marker's host column: the host name, then the pid
// namespace and boot id when known ("db1;pidns=pid:[4026531836];boot=…"),
// so that markers of earlier versions (the name alone) still read.
func (o Owner) hostColumn() string {
	s := o.Host
	if o.PIDNS != "" {
		s += ";pidns=" + o.PIDNS
	}
	if o.BootID != "" {
		s += ";boot=" + o.BootID
	}
	return s
}

// parseHostColumn reads hostColumn back into o.
func (o *Owner) parseHostColumn(s string) {
	parts := strings.Split(s, ";")
	o.Host = parts[0]
	for _, p := range parts[1:] {
		if v, ok := strings.CutPrefix(p, "pidns="); ok {
			o.PIDNS = v
		} else if v, ok := strings.CutPrefix(p, "boot="); ok {
			o.BootID = v
		}
	}
}

// schemaExists asks information_schema whether the schema exists.
func schemaExists(ctx context.Context, db *sql.DB, schema string, timeout time.Duration) (bool, error) {
	qc, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var n int
	if err := db.QueryRowContext(qc, qSchemaExists.in(schema), schema).Scan(&n); err != nil {
		return false, fmt.Errorf("checking whether schema %s exists: %w", schema, err)
	}
	return n > 0, nil
}

// claim creates the scratch schema and its owner marker. It refuses a
// schema that exists, an account that could not drop it again
// (checkPrivileges), a server whose InnoDB writes nothing
// (checkInnoDBReadOnly) and a server whose tables would grow the system
// tablespace for good (checkFilePerTable). If the marker cannot be
// written, it drops the schema it just created.
func claim(ctx context.Context, db *sql.DB, schema string, owner Owner, timeout time.Duration) error {
	exists, err := schemaExists(ctx, db, schema, timeout)
	if err != nil {
		return err
	}
	if exists {
		return &ForeignSchemaError{Schema: schema, Reason: "already exists" + staleHint(schema)}
	}
	if err := checkPrivileges(ctx, db, schema, timeout); err != nil {
		return err
	}
	if err := checkInnoDBReadOnly(ctx, db, timeout); err != nil {
		return err
	}
	if err := checkFilePerTable(ctx, db, timeout); err != nil {
		return err
	}
	if err := exec(ctx, db, timeout, qCreateSchema, schema); err != nil {
		switch serverErrNo(err) {
		case erDBCreateExists:
			return &ForeignSchemaError{Schema: schema, Reason: "already exists" + staleHint(schema)}
		case erOptionPreventsStatement:
			flavor, version := serverFlavor(ctx, db)
			return readOnlyRefused(err, flavor, version)
		}
		return wrapDenied(err, schema, "creating the scratch schema")
	}
	hold(schema)
	err = exec(ctx, db, timeout, qCreateOwner, schema)
	if err == nil {
		err = exec(ctx, db, timeout, qInsertOwner, schema, owner.RunID, owner.hostColumn(), owner.PID, owner.StartedAt)
	}
	if err != nil {
		derr := dropSchema(ctx, db, schema)
		return errors.Join(wrapDenied(err, schema, "writing the owner marker into"), derr)
	}
	return nil
}

// staleHint points at --cleanup for a schema a crashed run may have left.
func staleHint(schema string) string {
	return " (if a crashed calibrate left it, `" + CleanupCommand(schema) + "` removes it)"
}

// exec runs one statement of schema within timeout.
func exec(ctx context.Context, db *sql.DB, timeout time.Duration, q stmt, schema string, args ...any) error {
	qc, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	_, err := db.ExecContext(qc, q.in(schema), args...)
	return err
}

// dropSchema drops the scratch schema on a context of its own, so that it
// runs after ctx was cancelled (Ctrl-C) too, within CleanupTimeout.
func dropSchema(ctx context.Context, db *sql.DB, schema string) error {
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), CleanupTimeout)
	defer cancel()
	_, err := db.ExecContext(dctx, qDropSchema.in(schema))
	if errors.Is(err, mysql.ErrInvalidConn) || errors.Is(err, driver.ErrBadConn) {
		_, err = db.ExecContext(dctx, qDropSchema.in(schema)) // a pooled connection had broken (a timeout): once more on another
	}
	if err != nil {
		return fmt.Errorf("dropping the scratch schema %s failed (%w): remove it with `%s`", schema, err, CleanupCommand(schema))
	}
	release(schema)
	return nil
}

// CleanupResult says what Cleanup found and did.
type CleanupResult struct {
	Schema  string
	Existed bool
	Dropped bool
	// Owner is the marker of the run that left the schema (zero if its row was never written).
	Owner Owner
}

// Cleanup drops a scratch schema a crashed or killed run left behind. It
// refuses (ForeignSchemaError) a schema without calibrate's owner table or
// with any table, routine or event calibrate does not create, and
// (OwnerAliveError) one whose marker names a process still running on
// this host: that run drops its schema itself. A marker of another host
// cannot be checked; its schema is dropped, and the result names its owner.
// A schema that does not exist is no error: Existed is false.
func Cleanup(ctx context.Context, db *sql.DB, schema string) (*CleanupResult, error) {
	if err := CheckSchemaName(schema); err != nil {
		return nil, err
	}
	res := &CleanupResult{Schema: schema}
	exists, err := schemaExists(ctx, db, schema, DefaultQueryTimeout)
	if err != nil || !exists {
		return res, err
	}
	res.Existed = true
	if err := checkOurs(ctx, db, schema); err != nil {
		return res, err
	}
	res.Owner = readOwner(ctx, db, schema)
	if running, elsewhere := ownerRunning(res.Owner); running {
		return res, &OwnerAliveError{Schema: schema, Owner: res.Owner, Elsewhere: elsewhere}
	}
	if err := dropSchema(ctx, db, schema); err != nil {
		if isAccessDenied(err) {
			err = &PrivilegeError{Schema: schema, Doing: "dropping", Err: err}
		}
		return res, err
	}
	res.Dropped = true
	return res, nil
}

// checkOurs refuses a schema that lacks the owner table or holds anything
// calibrate does not create.
func checkOurs(ctx context.Context, db *sql.DB, schema string) error {
	tables, err := schemaTables(ctx, db, schema)
	if err != nil {
		return err
	}
	marked := false
	for _, t := range tables {
		switch t {
		case OwnerTable:
			marked = true
		case RowsTable:
		default:
			if isLoadTable(t) {
				continue
			}
			return &ForeignSchemaError{Schema: schema, Reason: fmt.Sprintf("holds table %s, which calibrate never creates", t)}
		}
	}
	if !marked {
		return &ForeignSchemaError{Schema: schema, Reason: "has no " + OwnerTable + " marker"}
	}
	for _, q := range []stmt{qSchemaRoutines, qSchemaEvents} {
		var n int
		qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
		err := db.QueryRowContext(qc, q.in(schema), schema).Scan(&n)
		cancel()
		if err != nil {
			return fmt.Errorf("listing what schema %s holds: %w", schema, err)
		}
		if n > 0 {
			return &ForeignSchemaError{Schema: schema, Reason: "holds stored routines or events, which calibrate never creates"}
		}
	}
	return nil
}

// schemaTables lists the tables and views of schema.
func schemaTables(ctx context.Context, db *sql.DB, schema string) ([]string, error) {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	rows, err := db.QueryContext(qc, qSchemaTables.in(schema), schema)
	if err != nil {
		return nil, fmt.Errorf("listing the tables of schema %s: %w", schema, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("listing the tables of schema %s: %w", schema, err)
		}
		out = append(out, strings.ToLower(t))
	}
	return out, rows.Err()
}

// readOwner reads the marker row; a missing row (a run killed between
// creating the table and filling it) gives the zero Owner.
func readOwner(ctx context.Context, db *sql.DB, schema string) Owner {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var o Owner
	var host string
	if db.QueryRowContext(qc, qReadOwner.in(schema)).Scan(&o.RunID, &host, &o.PID, &o.StartedAt) == nil {
		o.parseHostColumn(host)
	}
	return o
}

// isLoadTable reports a calibrate --dump table: LoadTablePrefix and digits.
func isLoadTable(name string) bool {
	n, ok := strings.CutPrefix(name, LoadTablePrefix)
	if !ok || n == "" {
		return false
	}
	for _, r := range n {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// ownerRunning reports whether the run that wrote the marker may still be
// going: its host is this one, booted as it was, and its process exists —
// or it ran in another pid namespace of this boot (a container), where its
// pid cannot be checked from here (elsewhere).
func ownerRunning(o Owner) (running, elsewhere bool) {
	host, err := os.Hostname()
	if err != nil || o.Host == "" || o.Host != host {
		return false, false
	}
	pidns, boot := processNamespace()
	if o.BootID != "" && boot != "" && o.BootID != boot {
		return false, false // the host rebooted since: no process of that run is left
	}
	if o.PIDNS != "" && pidns != "" && o.PIDNS != pidns {
		return true, true
	}
	alive, known := processAlive(o.PID)
	return known && alive, false
}

// OwnerAliveError refuses to drop the scratch schema of a run still going
// on this host.
type OwnerAliveError struct {
	Schema string
	Owner  Owner
	// Elsewhere: the run is in another pid namespace (a container) and
	// cannot be checked from here.
	Elsewhere bool
}

// UsageError marks the refusal as the user's to resolve: exit 2.
func (e *OwnerAliveError) UsageError() bool { return true }

// Error names the running process and what to do.
func (e *OwnerAliveError) Error() string {
	if e.Elsewhere {
		return fmt.Sprintf("schema %s belongs to a calibrate run in another pid namespace of this host (a container: %s, pid %d there, "+
			"started %s), which cannot be checked from here: run --cleanup inside that container, or, once sure no run is "+
			"going there, DROP DATABASE `%s`", e.Schema, e.Owner.PIDNS, e.Owner.PID, e.Owner.StartedAt, e.Schema)
	}
	return fmt.Sprintf("schema %s belongs to a calibrate run still going on this host (pid %d, started %s), which drops it "+
		"itself when it ends: wait for it, or stop it (kill %d) and run --cleanup again if the schema is left",
		e.Schema, e.Owner.PID, e.Owner.StartedAt, e.Owner.PID)
}
