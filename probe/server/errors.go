package server

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

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

// unreadReason shortens a query error for Server.Unread.
func unreadReason(err error) string {
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		return fmt.Sprintf("error %d: %s", me.Number, me.Message)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "no answer within its time limit (the query was cancelled)"
	}
	return err.Error()
}
