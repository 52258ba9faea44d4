package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Exit codes, as CONTRACT.md fixes them.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// usageError marks an error caused by bad usage or bad input (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usagef returns a usage error (exit code 2) with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// asUsage wraps err as a usage error unless it is nil.
func asUsage(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ue usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitFailed
}

// printError writes err as one or two lines on w (CONTRACT.md), prefixed
// "mytune: "; a longer message has its later lines joined into the second.
func printError(w io.Writer, err error) {
	msg := err.Error()
	if errors.Is(err, context.Canceled) {
		msg = "interrupted: stopped before the work was done (temporary files were removed)"
	}
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) > 2 {
		rest := make([]string, 0, len(lines)-1)
		for _, l := range lines[1:] {
			rest = append(rest, strings.TrimSpace(l))
		}
		lines = []string{lines[0], strings.Join(rest, " ")}
	}
	for i, l := range lines {
		if i == 0 {
			fmt.Fprintf(w, "mytune: %s\n", l)
			continue
		}
		fmt.Fprintf(w, "  %s\n", l)
	}
}
