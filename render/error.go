package render

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Error writes err as one or two lines on w (CONTRACT.md), prefixed
// "mytune: "; a longer message has its later lines joined into the second.
func Error(w io.Writer, err error) {
	msg := err.Error()
	if errors.Is(err, context.Canceled) {
		msg = "interrupted: stopped before the work was done (what it had made, a test file or a scratch schema, was removed)"
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
