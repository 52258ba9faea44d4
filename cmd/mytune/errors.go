package main

import (
	"github.com/mytune/mytune/internal/usage"
)

// Exit codes, as CONTRACT.md fixes them.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// usagef returns a usage error (exit code 2) with a formatted message.
func usagef(format string, args ...any) error { return usage.Errorf(format, args...) }

// asUsage marks err as a usage error unless it is nil.
func asUsage(err error) error { return usage.Wrap(err) }

// exitCode maps an error to the process exit code.
func exitCode(err error) int {
	switch {
	case err == nil:
		return exitOK
	case usage.Is(err):
		return exitUsage
	}
	return exitFailed
}
