package server

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"
)

// Server error numbers that mean "wrong account or password" (MySQL
// manual, "Server Error Message Reference": ER_ACCESS_DENIED_ERROR 1045,
// ER_ACCESS_DENIED_NO_PASSWORD_ERROR 1698).
const (
	erAccessDenied           = 1045
	erAccessDeniedNoPassword = 1698
)

// AuthError is an explicit refusal of the account: the run should stop
// and the user fix the credentials.
type AuthError struct {
	Account     string // 'bob'@'localhost'
	UsePassword bool
	// Hint is what else the refusal can mean, when the credentials may
	// well be right (authHint); "" when nothing else fits.
	Hint string
}

// Error names the account and what to check.
func (e *AuthError) Error() string {
	msg := fmt.Sprintf("access denied for %s (using password: %s): check --user/--password or ~/.my.cnf", e.Account, yesNo(e.UsePassword))
	if e.Hint != "" {
		msg += "\n" + e.Hint
	}
	return msg
}

// Hints of authHint, measured on MariaDB 10.11.19 (review r58).
const (
	// hintNoPassword: error 1698 is the refusal of an account whose
	// plugin takes no password (unix_socket: its name must be the
	// system user's, over the socket); a password account refused says
	// 1045 (MariaDB sql_acl.cc, access_denied_error_code).
	hintNoPassword = "the server refused an account that signs in without a password (unix_socket): run mytune as the " +
		"system user of that name over the server's socket (-S), or as an account IDENTIFIED BY a password"
	// hintSecureTransport: with require_secure_transport=ON the server
	// refuses a TCP connection without TLS with the same error 1045 as a
	// wrong password, whether TLS was turned off (--ssl-mode DISABLED)
	// or the server has none for PREFERRED to use.
	hintSecureTransport = "or the server sets require_secure_transport=ON, which refuses TCP without TLS with this same error: " +
		"connect over its socket (-S), or give --ssl-mode REQUIRED (with the server's TLS set up)"
)

// authHint is the AuthError's Hint for error number n on endpoint ep.
func authHint(n uint16, c Conn, ep Endpoint) string {
	switch {
	case n == erAccessDeniedNoPassword:
		return hintNoPassword
	case ep.Net == "tcp" && c.mayBePlain():
		return hintSecureTransport
	}
	return ""
}

// mayBePlain reports whether a TCP connection of c may go without TLS:
// TLS off, or preferred (then a server without TLS is dialled in plain).
func (c Conn) mayBePlain() bool {
	if c.TLS != "" {
		return c.TLS == "false" || c.TLS == "preferred"
	}
	return c.SSLMode == "" || c.SSLMode == SSLDisabled || c.SSLMode == SSLPreferred
}

// accountRe finds 'user'@'host' in the server's message.
var accountRe = regexp.MustCompile(`'[^']*'@'[^']*'`)

// asAuthError turns a server access-denied error into an AuthError.
func asAuthError(err error, c Conn, ep Endpoint) (*AuthError, bool) {
	var me *mysql.MySQLError
	if !errors.As(err, &me) || (me.Number != erAccessDenied && me.Number != erAccessDeniedNoPassword) {
		return nil, false
	}
	account := accountRe.FindString(me.Message)
	if account == "" {
		host := "localhost"
		if ep.Net == "tcp" {
			host = ep.Addr
		}
		account = fmt.Sprintf("'%s'@'%s'", c.User, host)
	}
	return &AuthError{Account: account, UsePassword: c.usePassword, Hint: authHint(me.Number, c, ep)}, true
}

// minRedactLen: shorter passwords are not searched for, since replacing
// every "ab" in a message would garble it more than it protects.
const minRedactLen = 3

// redact removes the password from a message.
func redact(msg, password string) string {
	if len(password) < minRedactLen {
		return msg
	}
	return strings.ReplaceAll(msg, password, "****")
}

// unreadReason shortens a query error for Server.Unread. A connection
// the driver gave up on (go-sql-driver's ErrInvalidConn, which it returns
// when a read times out after readTimeout or the server closes the
// connection, or database/sql's ErrBadConn) says the server stopped
// answering, and what to check, rather than "invalid connection".
func unreadReason(err error, readTimeout time.Duration) string {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return fmt.Sprintf("error %d: %s", me.Number, me.Message)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "no answer within its time limit (the query was cancelled)"
	}
	if errors.Is(err, mysql.ErrInvalidConn) || errors.Is(err, driver.ErrBadConn) {
		return fmt.Sprintf("the server stopped answering within the read timeout (%g s), or closed the connection: "+
			"check that it is up and not stalled (its error log; SHOW PROCESSLIST from another session) and the network "+
			"or proxy between, then run mytune again", readTimeout.Seconds())
	}
	return err.Error()
}
