package docread

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestRead: a document is read whole up to the bound and one byte past it;
// a read blocked on input that never comes (a terminal, a FIFO, a silent
// pipe) ends when the context does.
func TestRead(t *testing.T) {
	blocked, w := io.Pipe() // nobody writes
	t.Cleanup(func() { w.Close() })
	cases := []struct {
		name    string
		r       io.Reader
		limit   int64
		cancel  time.Duration // cancel the context after this long; 0: never
		want    string
		wantErr error
	}{
		{"a document within the bound", strings.NewReader(`{"schema":"x"}`), 100, 0, `{"schema":"x"}`, nil},
		{"one byte past the bound, no more", strings.NewReader("abcdefgh"), 4, 0, "abcde", nil},
		{"a silent pipe ends with the context", blocked, 100, 50 * time.Millisecond, "", context.Canceled},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if c.cancel > 0 {
				time.AfterFunc(c.cancel, cancel)
			}
			start := time.Now()
			got, err := Read(ctx, c.r, c.limit)
			if !errors.Is(err, c.wantErr) || string(got) != c.want {
				t.Fatalf("Read = %q, %v; want %q, %v", got, err, c.want, c.wantErr)
			}
			if took := time.Since(start); c.cancel > 0 && took > c.cancel+2*time.Second {
				t.Errorf("took %s to notice the cancellation", took)
			}
		})
	}
}
