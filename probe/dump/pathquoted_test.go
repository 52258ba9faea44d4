package dump

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestReadPathQuoted: a dump directory whose name is not valid UTF-8 or
// holds a control character gets path_quoted, a bash word that gives back
// its exact bytes (JSON's "path" cannot: it shows U+FFFD); others do not.
func TestReadPathQuoted(t *testing.T) {
	cases := []struct {
		name, dir, want string // want: PathQuoted after the temporary directory
	}{
		{"UTF-8 name: none", "latén", ""},
		{"Latin-1 name", "md-lat\xe9n", `md-lat\xe9n'`},
		{"tab in the name", "a\tb", `a\x09b'`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), c.dir)
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Skipf("the file system refuses %q: %v", dir, err)
			}
			copyDir(t, "testdata/mydumper-0.10-real", dir)
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if c.want == "" {
				if d.PathQuoted != "" {
					t.Errorf("PathQuoted = %q, want none", d.PathQuoted)
				}
				return
			}
			if want := "$'" + filepath.Dir(dir) + "/" + c.want; d.PathQuoted != want {
				t.Errorf("PathQuoted = %q, want %q", d.PathQuoted, want)
			}
			js, _ := json.Marshal(d)
			var back struct {
				PathQuoted string `json:"path_quoted"`
			}
			if err := json.Unmarshal(js, &back); err != nil || back.PathQuoted != d.PathQuoted {
				t.Fatalf("path_quoted in JSON = %q (%v), want %q", back.PathQuoted, err, d.PathQuoted)
			}
			if out, err := exec.Command("bash", "-c", "printf %s "+back.PathQuoted).Output(); err == nil && string(out) != dir {
				t.Errorf("bash reads path_quoted as %q, want %q", out, dir)
			}
		})
	}
}
