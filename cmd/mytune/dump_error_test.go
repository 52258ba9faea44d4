package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/dump"
)

// TestDumpError: a --dump read that ran out of time or was interrupted is
// a failed run (exit 1), not a usage error (QA 18: a 20,000-table dump
// exited 2 "context deadline exceeded"); a path that is no dump stays one.
func TestDumpError(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		wantCode int
		msgHas   string
	}{
		{name: "deadline", err: fmt.Errorf("reading the schema files of /d: %w", context.DeadlineExceeded),
			wantCode: exitFailed, msgHas: "copy the dump to a local disk"},
		{name: "interrupted", err: fmt.Errorf("sampling the rows of /d: %w", context.Canceled),
			wantCode: exitFailed, msgHas: "context canceled"},
		{name: "not a dump", err: fmt.Errorf("/d: %w: expected", dump.ErrNotDump), wantCode: exitUsage, msgHas: "not a dump"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := dumpError(tt.err)
			if exitCode(got) != tt.wantCode || !strings.Contains(got.Error(), tt.msgHas) {
				t.Errorf("exit %d, %q; want exit %d and %q", exitCode(got), got, tt.wantCode, tt.msgHas)
			}
		})
	}
}
