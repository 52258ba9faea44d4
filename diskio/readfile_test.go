package diskio

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestReadFile: an existing file is read from its start in whole 1 MiB
// blocks up to maxBytes or its end, bypassing the page cache where the
// filesystem allows it; nothing is written.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, make([]byte, n), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	whole, tail := write("whole", 24*MiB), write("tail", 3*MiB+MiB/2)
	cases := []struct {
		name      string
		path      string
		maxBytes  uint64
		wantBytes uint64
		wantErr   bool
	}{
		{"the whole file", whole, 1 << 40, 24 * MiB, false},
		{"stops at maxBytes", whole, 8 * MiB, 8 * MiB, false},
		{"a short last block is not counted", tail, 1 << 40, 3 * MiB, false},
		{"a missing file is an error", filepath.Join(dir, "none"), 1 << 40, 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before, _ := os.Stat(tc.path)
			r, err := ReadFile(context.Background(), tc.path, time.Minute, tc.maxBytes)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if r.Bytes != tc.wantBytes || r.Ops != int(tc.wantBytes/MiB) {
				t.Errorf("read %d bytes in %d ops, want %d", r.Bytes, r.Ops, tc.wantBytes)
			}
			if after, _ := os.Stat(tc.path); before != nil && (after.ModTime() != before.ModTime() || after.Size() != before.Size()) {
				t.Errorf("the file changed")
			}
		})
	}
}

// TestReadFileCancelled: a cancelled context ends the read with its error.
func TestReadFileCancelled(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(p, make([]byte, 4*MiB), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadFile(ctx, p, time.Minute, 1<<40); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}
