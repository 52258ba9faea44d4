package mycnf

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// randomPieces are the bytes that matter to the option-file reader.
var randomPieces = []string{"a", "b-c", "loose-d", "skip-e", "x", "1", " ", "\t", "=", "#", ";", "'", "\"", "\\",
	"\\n", "\\s", "\\\"", "[", "]", "!", "include", "mysqld", "\r", "G", "é"}

// randomLine builds one line from a head (blank, header, directive or
// option) and random pieces.
func randomLine(r *rand.Rand) string {
	heads := []string{"", "[mysqld]", "[client]", "[ mysqld", "!include ", "! includedir ", "!foo ", "#", ";", " ", "a", "b = "}
	var b strings.Builder
	b.WriteString(heads[r.Intn(len(heads))])
	for n := r.Intn(8); n > 0; n-- {
		b.WriteString(randomPieces[r.Intn(len(randomPieces))])
	}
	return b.String()
}

// TestRandomAgainstMyPrintDefaults feeds files of random lines (fixed
// seed) to my_print_defaults and mytune: the same option lines, or a
// refusing warning exactly where my_print_defaults fails.
func TestRandomAgainstMyPrintDefaults(t *testing.T) {
	mpd := serverTool(t, "my_print_defaults")
	n := 300
	if testing.Short() {
		n = 30
	}
	r := rand.New(rand.NewSource(11))
	dir := t.TempDir()
	path := filepath.Join(dir, "my.cnf")
	for i := 0; i < n; i++ {
		lines := []string{"[mysqld]"}
		for k := 1 + r.Intn(5); k > 0; k-- {
			lines = append(lines, randomLine(r))
		}
		text := strings.Join(lines, "\n")
		if r.Intn(3) > 0 {
			text += "\n"
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		opts, err := ParseConfig(path, nil, Config{WorkDir: dir})
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		out, stderr, ok := runTool(t, dir, mpd, append([]string{"--defaults-file=" + path}, mariadbdGroups...)...)
		// A nameless or set-variable line passes the file reader and is
		// refused by my_getopt; mytune drops it with a refusing warning.
		refuses, dropped := false, false
		for _, w := range opts.Warnings {
			getopt := strings.Contains(w.Text, "set-variable") || strings.Contains(w.Text, "has no name")
			refuses = refuses || w.Refuses && !getopt
			dropped = dropped || getopt
		}
		if ok == refuses {
			t.Fatalf("%q: my_print_defaults ok=%v (%s), mytune refuses=%v %v", text, ok, strings.TrimSpace(stderr), refuses, opts.Warnings)
		}
		if ok && !dropped {
			compareLines(t, opts, out)
			if t.Failed() {
				t.Fatalf("file %q", text)
			}
		}
	}
}
