package probe

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/mytune/mytune/diskio"
)

// TestInterruptedKeepsHung: review r12, Ctrl-C while the datadir's
// filesystem was frozen returned only the cancellation, so the message
// said the test file was removed (it was left). A run that reports the
// disk hung keeps its error, which wraps the cancellation; any other
// interrupted run gives the cancellation.
func TestInterruptedKeepsHung(t *testing.T) {
	hung := fmt.Errorf("%w (%w)", context.Canceled, &diskio.HungError{Dir: "/var/lib/mysql", After: 2 * time.Second})
	cases := []struct {
		name     string
		err      error
		wantHung bool
	}{
		{"disk hung", hung, true},
		{"disk answered", fmt.Errorf("random write: %w", context.Canceled), false},
		{"no error", nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := interrupted(context.Canceled, c.err)
			if !errors.Is(got, context.Canceled) || errors.Is(got, diskio.ErrHung) != c.wantHung {
				t.Errorf("interrupted(…, %v) = %v: want a cancellation, hung %v", c.err, got, c.wantHung)
			}
		})
	}
}
