package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

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
