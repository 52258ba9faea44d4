// Package usage marks the errors caused by what the user gave — a bad
// flag, a missing directory, a file that is not what it should be — so
// that the CLI exits 2 for them (CONTRACT.md, exit codes) and 1 for
// everything else. Any layer that checks user input returns one.
package usage

import (
	"errors"
	"fmt"
)

// Error is an error caused by bad usage or bad input.
type Error struct{ Err error }

// Error returns the wrapped message.
func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *Error) Unwrap() error { return e.Err }

// Errorf returns a usage *Error with a formatted message (%w wraps).
func Errorf(format string, args ...any) error {
	return &Error{fmt.Errorf(format, args...)}
}

// Wrap marks err as a usage error; nil stays nil.
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return &Error{err}
}

// Marked is implemented by error types that are always usage errors (a
// schema the user named that mytune must not touch, say), so that they
// need no wrapping where they are made.
type Marked interface{ UsageError() bool }

// Is reports whether err, or an error it wraps, is a usage error: an
// *Error, or a Marked error that says so.
func Is(err error) bool {
	var e *Error
	if errors.As(err, &e) {
		return true
	}
	var m Marked
	return errors.As(err, &m) && m.UsageError()
}
