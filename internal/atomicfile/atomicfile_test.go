package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
)

// TestWrite: a new file gets 0644 and the data, an existing one keeps its
// mode, and a directory or a missing parent is a usage error that leaves
// no temp file behind.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.txt")
	if err := os.WriteFile(kept, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		path    string
		mode    os.FileMode
		wantErr string
	}{
		{"new file", filepath.Join(dir, "new.txt"), 0o644, ""},
		{"existing file keeps its mode", kept, 0o600, ""},
		{"a directory", dir, 0, "is a directory: give a file name"},
		{"no such directory", filepath.Join(dir, "nope", "x.txt"), 0, "cannot be written"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Write(c.path, []byte("report\n"))
			if c.wantErr != "" {
				if err == nil || !usage.Is(err) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want a usage error with %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(c.path)
			data, _ := os.ReadFile(c.path)
			if err != nil || st.Mode().Perm() != c.mode || string(data) != "report\n" {
				t.Errorf("mode %v, data %q, err %v; want mode %v", st.Mode().Perm(), data, err, c.mode)
			}
		})
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	if len(left) > 0 {
		t.Errorf("temp files left: %v", left)
	}
}

// TestCheck: a directory or a missing parent is refused before any work.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ name, path, wantErr string }{
		{"a file in an existing directory", filepath.Join(dir, "r.json"), ""},
		{"a directory", dir, "is a directory"},
		{"a missing directory", filepath.Join(dir, "no", "r.json"), "does not exist"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Check(c.path)
			if (c.wantErr == "") != (err == nil) || (err != nil && (!usage.Is(err) || !strings.Contains(err.Error(), c.wantErr))) {
				t.Errorf("Check(%s) = %v, want %q", c.path, err, c.wantErr)
			}
		})
	}
}
