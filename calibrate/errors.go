package calibrate

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/go-sql-driver/mysql"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/profile"
)

// Server error numbers calibrate tells apart (MySQL manual, "Server Error
// Message Reference").
const (
	erCantCreateTable     = 1005 // ER_CANT_CREATE_TABLE
	erDBCreateExists      = 1007 // ER_DB_CREATE_EXISTS
	erDBAccessDenied      = 1044 // ER_DBACCESS_DENIED_ERROR
	erTableAccessDenied   = 1142 // ER_TABLEACCESS_DENIED_ERROR
	erSpecificAccessDenid = 1227 // ER_SPECIFIC_ACCESS_DENIED_ERROR
	// erOptionPreventsStatement is ER_OPTION_PREVENTS_STATEMENT: on CREATE
	// DATABASE, read_only (or MySQL's super_read_only) refused the write.
	erOptionPreventsStatement = 1290
)

// readOnlyRefused is CREATE DATABASE refused by a read_only server (a
// replica, as a rule): the user's to resolve, saying how (QA: on a MariaDB
// 10.11 replica an account without SUPER got exit 1 and the server's
// message alone), naming the privileges that write through read_only on
// this server's flavor and version (review r24: on MariaDB 10.11 an
// account with SUPER was refused, and the message said SUPER may write).
func readOnlyRefused(err error, flavor, version string) error {
	return usage.Errorf("the server is read_only (a replica?) and this account may not write there (%v): calibrate the "+
		"source or a copy of the restore target instead; an account with %s may write there, and the scratch schema "+
		"then exists on the replica while the run lasts", err, profile.ReadOnlyWritePrivileges(flavor, version))
}

// ForeignSchemaError refuses a schema calibrate did not create: it exists
// without the owner marker, or holds more than calibrate puts there.
type ForeignSchemaError struct {
	Schema string
	Reason string
}

// UsageError marks the refusal as the user's to fix (another --schema): exit 2.
func (e *ForeignSchemaError) UsageError() bool { return true }

// Error says which schema, why, and what to do.
func (e *ForeignSchemaError) Error() string {
	return fmt.Sprintf("schema %s %s: calibrate only touches a schema it created itself; choose another with --schema",
		e.Schema, e.Reason)
}

// explain words an error of Run or RunDump for the user: an interruption
// says whether the scratch schema is gone (schemaDropped), a usage error
// stays as it is, anything else is prefixed "calibrate: ".
func explain(err error, schemaDropped bool) error {
	switch {
	case err == nil || usage.Is(err):
		return err
	case errors.Is(err, context.Canceled) && !schemaDropped:
		// %v, not %w: the CLI replaces a cancellation with its generic line.
		return fmt.Errorf("interrupted, and the scratch schema could not be dropped: %v", err)
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("interrupted: stopped before the work was done (the scratch schema was dropped): %w", err)
	}
	return fmt.Errorf("calibrate: %w", err)
}

// PrivilegeError is a refusal by the server: the account may not create,
// fill or drop the scratch schema.
type PrivilegeError struct {
	Schema string
	Doing  string // "creating the scratch schema"
	Err    error
}

// Error says what was refused and the grant calibrate needs.
func (e *PrivilegeError) Error() string {
	return fmt.Sprintf("%s %s was refused (%v): calibrate needs GRANT CREATE, DROP, INSERT, SELECT ON `%s`.* for this account, "+
		"or run it as an account that has them", e.Doing, e.Schema, e.Err, e.Schema)
}

// Unwrap is the server's refusal.
func (e *PrivilegeError) Unwrap() error { return e.Err }

// serverErrNo is the server's error number of err, or 0.
func serverErrNo(err error) uint16 {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return me.Number
	}
	return 0
}

// isAccessDenied reports a privilege refusal.
func isAccessDenied(err error) bool {
	switch serverErrNo(err) {
	case erDBAccessDenied, erTableAccessDenied, erSpecificAccessDenid:
		return true
	}
	return false
}

// wrapDenied turns a privilege refusal into a PrivilegeError and wraps the rest.
func wrapDenied(err error, schema, doing string) error {
	if isAccessDenied(err) {
		return &PrivilegeError{Schema: schema, Doing: doing, Err: err}
	}
	return fmt.Errorf("%s %s: %w", doing, schema, err)
}

// reEncryptionOption finds MariaDB's ENCRYPTED= or ENCRYPTION_KEY_ID= in a
// CREATE TABLE, bare or quoted as SHOW CREATE TABLE writes them
// (`encrypted`='yes').
var reEncryptionOption = regexp.MustCompile("(?i)[\\s`](?:ENCRYPTED|ENCRYPTION_KEY_ID)`?\\s*=")

// encryptionRefusal says why the server refused a CREATE TABLE that names
// encryption options, and what to do, when err is that refusal: MariaDB
// 10.11.19 refused ENCRYPTED=YES without a key-management plugin, and a
// key ID its keys lacked, each "Can't create table … (errno: 140 "Wrong
// create options")" (2026-12-07, docs/benchmarks/live-server.md,
// "Compressed and encrypted tables"). "" otherwise.
func encryptionRefusal(err error, create string) string {
	if serverErrNo(err) != erCantCreateTable || !reEncryptionOption.MatchString(create) {
		return ""
	}
	return ", which names ENCRYPTED= or ENCRYPTION_KEY_ID=: this server lacks the key-management plugin or the key it asks for, " +
		"and refuses the table as the restore would; load a key-management plugin holding that key on it, or delete those options " +
		"from the dump's schema files"
}
