package server

import "fmt"

// CAFileError is a CA file (--ssl-ca, or ssl-ca in an option file) that
// cannot be read or holds no PEM certificate: bad input (exit 2), the same
// for every address tried, and never a sign that the server is down.
type CAFileError struct {
	File string
	Err  error
}

// Error says which file and what to give instead.
func (e *CAFileError) Error() string {
	return fmt.Sprintf("--ssl-ca %s: %v: give the PEM file of the CA that signed the server's certificate", e.File, e.Err)
}

// Unwrap is the read or parse error.
func (e *CAFileError) Unwrap() error { return e.Err }

// UsageError marks it as bad input (internal/usage.Marked).
func (e *CAFileError) UsageError() bool { return true }
