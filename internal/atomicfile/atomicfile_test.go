package atomicfile

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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

// TestEmit: without a path the rendering goes to w; with one, to the file
// and not to w; a rendering that fails writes nothing anywhere.
func TestEmit(t *testing.T) {
	dir := t.TempDir()
	ok := func(w io.Writer) error { _, err := io.WriteString(w, "report\n"); return err }
	fails := func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("render failed") }
	cases := []struct {
		name             string
		path             string
		render           func(io.Writer) error
		wantOut, wantErr string
		wantFile         bool
	}{
		{"to stdout", "", ok, "report\n", "", false},
		{"- is stdout", "-", ok, "report\n", "", false},
		{"to a file", filepath.Join(dir, "r.txt"), ok, "", "", true},
		{"a failed render writes nothing", filepath.Join(dir, "f.txt"), fails, "", "render failed", false},
		{"an unwritable path names the flag", filepath.Join(dir, "no", "r.txt"), ok, "", "--out " + filepath.Join(dir, "no", "r.txt") + " cannot be written", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			err := Emit(&out, c.path, "--out ", c.render)
			if (c.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("err = %v, want %q", err, c.wantErr)
			}
			if out.String() != c.wantOut {
				t.Errorf("stdout %q, want %q", out.String(), c.wantOut)
			}
			_, statErr := os.Stat(c.path)
			if c.path != "" && c.path != "-" && (statErr == nil) != c.wantFile {
				t.Errorf("file %s exists: %v, want %v", c.path, statErr == nil, c.wantFile)
			}
		})
	}
}

// TestWriteHint: a file that cannot be made says what to do instead (QA:
// --out on a read-only mount said only "read-only file system").
func TestWriteHint(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"read-only mount", &fs.PathError{Op: "open", Path: "/ro/x", Err: syscall.EROFS}, "read-only mount: give --out a path on a writable one"},
		{"no permission", &fs.PathError{Op: "open", Path: "/root/x", Err: syscall.EACCES}, "a directory this user may write to"},
		{"full", &fs.PathError{Op: "open", Path: "/full/x", Err: syscall.ENOSPC}, "the filesystem is full"},
		{"anything else", errors.New("boom"), "give --out another path"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := writeHint(c.err); !strings.Contains(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
