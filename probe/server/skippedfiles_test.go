package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolveConnSkippedFile: a client option file the mysql client
// ignores (world-writable) is ignored here too, and a note says so, with
// the file and what to do; a file of mode 0600 gives no note (review r18:
// a ~/.my.cnf of mode 0666 naming the server was dropped without a word,
// and the run said only "no server reachable (tcp 127.0.0.1:3306 ...)").
func TestResolveConnSkippedFile(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mode     os.FileMode
		defaults bool
		note     string
		user     string
	}{
		{"~/.my.cnf 0600 is read", 0o600, false, "", "cnfuser"},
		{"~/.my.cnf 0666 is skipped with a note", 0o666, false, "world-writable", "u"},
		{"--defaults-file 0666 is skipped with a note", 0o666, true, "world-writable", "u"},
		{"--defaults-file 0644 is read", 0o644, true, "", "cnfuser"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			path := filepath.Join(home, ".my.cnf")
			if err := os.WriteFile(path, []byte("[client]\nuser=cnfuser\npassword=cnfpw\nhost=db.example\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, tc.mode); err != nil {
				t.Fatal(err)
			}
			o := ConnOptions{}
			if tc.defaults {
				o.DefaultsFile = path
			}
			conn, err := ResolveConn(o, envMap(map[string]string{"USER": "u"}), home)
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(conn.Notes, "\n")
			if conn.User != tc.user {
				t.Errorf("user %q, want %q", conn.User, tc.user)
			}
			if tc.note == "" && notes != "" {
				t.Errorf("notes %q, want none", notes)
			}
			if tc.note != "" && (!strings.Contains(notes, tc.note) || !strings.Contains(notes, path) || !strings.Contains(notes, "chmod o-w")) {
				t.Errorf("notes %q, want the file, %q and chmod o-w", notes, tc.note)
			}
			if strings.Contains(notes, "cnfpw") {
				t.Errorf("a note shows the password: %q", notes)
			}
		})
	}
}
