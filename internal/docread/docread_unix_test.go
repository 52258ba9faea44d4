//go:build unix

package docread

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadFile: a file, stdin for "-", a missing file (the os error, for
// the caller to word) and a FIFO with no writer (whose open blocks), which
// ends with the context.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.json")
	if err := os.WriteFile(file, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	cases := []struct {
		name    string
		path    string
		stdin   io.Reader
		cancel  bool
		want    string
		wantErr error
	}{
		{"a file", file, nil, false, "{}", nil},
		{"- is stdin", "-", strings.NewReader("[1]"), false, "[1]", nil},
		{"a missing file is the os error", filepath.Join(dir, "nope"), nil, false, "", fs.ErrNotExist},
		{"a FIFO without a writer ends with the context", fifo, nil, true, "", context.Canceled},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if c.cancel {
				time.AfterFunc(50*time.Millisecond, cancel)
			}
			got, err := ReadFile(ctx, c.path, c.stdin, 1<<20)
			if !errors.Is(err, c.wantErr) || string(got) != c.want {
				t.Fatalf("ReadFile = %q, %v; want %q, %v", got, err, c.want, c.wantErr)
			}
		})
	}
	// Release the goroutine still blocked in the FIFO's open.
	if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		f.Close()
	}
}
