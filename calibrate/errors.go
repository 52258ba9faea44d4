package calibrate

import (
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
)

// Server error numbers calibrate tells apart (MySQL manual, "Server Error
// Message Reference").
const (
	erDBCreateExists      = 1007 // ER_DB_CREATE_EXISTS
	erDBAccessDenied      = 1044 // ER_DBACCESS_DENIED_ERROR
	erTableAccessDenied   = 1142 // ER_TABLEACCESS_DENIED_ERROR
	erSpecificAccessDenid = 1227 // ER_SPECIFIC_ACCESS_DENIED_ERROR
)

// ForeignSchemaError refuses a schema calibrate did not create: it exists
// without the owner marker, or holds more than calibrate puts there.
type ForeignSchemaError struct {
	Schema string
	Reason string
}

func (e *ForeignSchemaError) Error() string {
	return fmt.Sprintf("schema %s %s: calibrate only touches a schema it created itself; choose another with --schema",
		e.Schema, e.Reason)
}

// PrivilegeError is a refusal by the server: the account may not create,
// fill or drop the scratch schema.
type PrivilegeError struct {
	Schema string
	Doing  string // "creating the scratch schema"
	Err    error
}

func (e *PrivilegeError) Error() string {
	return fmt.Sprintf("%s %s was refused (%v): calibrate needs GRANT CREATE, DROP, INSERT, SELECT ON `%s`.* for this account, "+
		"or run it as an account that has them", e.Doing, e.Schema, e.Err, e.Schema)
}

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
