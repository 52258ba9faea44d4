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
}

// Error names the account and what to check.
func (e *AuthError) Error() string {
	return fmt.Sprintf("access denied for %s (using password: %s): check --user/--password or ~/.my.cnf", e.Account, yesNo(e.UsePassword))
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
	return &AuthError{Account: account, UsePassword: c.usePassword}, true
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
