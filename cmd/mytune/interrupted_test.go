package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/render"
)

// TestInterruptedHungMessage: review r12, Ctrl-C while the datadir's
// filesystem was frozen (fsfreeze) printed "what it had made, a test file
// or a scratch schema, was removed", and the test file was there after the
// thaw. An interruption that left the disk hung now says the test file
// may be left and where; a plain one keeps the old message.
func TestInterruptedHungMessage(t *testing.T) {
	dir := t.TempDir()
	hung := hungErr(t, dir)
	cases := []struct {
		name          string
		err           error
		want, notWant string
	}{
		{"interrupted, disk hung", fmt.Errorf("measuring the disk: %w", hung),
			"its test file may be left in " + dir, "was removed"},
		{"interrupted, disk fine", fmt.Errorf("measuring the disk: %w", context.Canceled), "was removed", "may be left"},
		{"hung, not interrupted", fmt.Errorf("measuring: %w", diskio.ErrHung), "does not answer", "interrupted"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			render.Error(&b, interruptedHung(c.err))
			if got := b.String(); !strings.Contains(got, c.want) || strings.Contains(got, c.notWant) {
				t.Errorf("%q: want %q, not %q", got, c.want, c.notWant)
			}
		})
	}
}

// hungErr is the error diskio.Run gives for a run interrupted while an
// operation on dir had not returned (diskio's watch).
func hungErr(t *testing.T, dir string) error {
	t.Helper()
	return fmt.Errorf("%w (%w)", context.Canceled, &diskio.HungError{Dir: dir, After: 2 * time.Second})
}
