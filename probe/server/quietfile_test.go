//go:build unix

package server

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestResolveConnQuietSpecialFile: an option file looked up without being
// named that is not a regular file is skipped with a note saying what it
// is, at once (review r18: a FIFO at ~/.my.cnf hung advise before its
// first probe, with no timeout to end it).
func TestResolveConnQuietSpecialFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string
		make func(path string) error
		note string
	}{
		{"FIFO at ~/.my.cnf", ".my.cnf", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "named pipe (FIFO)"},
		{"FIFO at ~/.mylogin.cnf", ".mylogin.cnf", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "named pipe (FIFO)"},
		{"directory at ~/.my.cnf", ".my.cnf", func(p string) error { return os.Mkdir(p, 0o700) }, "directory"},
		{"regular ~/.my.cnf is read", ".my.cnf", func(p string) error {
			return os.WriteFile(p, []byte("[client]\nuser=cnfuser\n"), 0o600)
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			if err := tc.make(filepath.Join(home, tc.file)); err != nil {
				t.Fatal(err)
			}
			type result struct {
				conn Conn
				err  error
			}
			done := make(chan result, 1)
			go func() {
				c, err := ResolveConn(ConnOptions{}, envMap(map[string]string{"USER": "u"}), home)
				done <- result{c, err}
			}()
			var r result
			select {
			case r = <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("ResolveConn still waiting after 10 s (it opened the special file)")
			}
			if r.err != nil {
				t.Fatal(r.err)
			}
			notes := strings.Join(r.conn.Notes, "\n")
			if tc.note == "" {
				if notes != "" || r.conn.User != "cnfuser" {
					t.Errorf("user %q notes %q, want cnfuser and none", r.conn.User, notes)
				}
				return
			}
			if !strings.Contains(notes, tc.note) || !strings.Contains(notes, tc.file) {
				t.Errorf("notes %q, want the file and %q", notes, tc.note)
			}
		})
	}
}
