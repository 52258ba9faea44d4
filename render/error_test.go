package render

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
)

// TestError: one or two lines, prefixed "mytune: "; a cancellation reads
// as an interruption, whatever wrapped it.
func TestError(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"one line", errors.New("disk full"), "mytune: disk full\n"},
		{"two lines", errors.New("cannot connect\ncheck the socket"), "mytune: cannot connect\n  check the socket\n"},
		{"more lines join into the second", errors.New("a\n b\n c"), "mytune: a\n  b c\n"},
		{"cancelled", fmt.Errorf("probing: %w", context.Canceled),
			"mytune: interrupted: stopped before the work was done (what it had made, a test file or a scratch schema, was removed)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			Error(&b, c.err)
			if b.String() != c.want {
				t.Errorf("got %q, want %q", b.String(), c.want)
			}
		})
	}
}
