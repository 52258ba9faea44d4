package render

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// envOf returns a getenv over m.
func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestColorWantedNotATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	env := envOf(map[string]string{"TERM": "xterm-256color"})
	if ColorWanted(&bytes.Buffer{}, env) {
		t.Error("a bytes.Buffer is not a terminal")
	}
	if ColorWanted(f, env) {
		t.Error("a regular file is not a terminal")
	}
}
