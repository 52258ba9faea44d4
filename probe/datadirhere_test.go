package probe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotTheServersHere: a MariaDB in its own mount namespace (as in a
// container with a published port) on 127.0.0.1:34131 reported @@datadir
// /var/tmp/scr-r3/nsdb/data, its tmpfs; mytune probe without --datadir
// measured, and wrote its test file into, the host's directory of that
// name on vda, which holds no server files. A directory with any of the
// markers is the server's; one without is refused with what to give.
func TestNotTheServersHere(t *testing.T) {
	cases := []struct {
		name  string
		files []string
		dirs  []string
		want  bool
	}{
		{"empty: another directory of that name", nil, nil, true},
		{"unrelated files only", []string{"HOST_SIDE"}, nil, true},
		{"MariaDB: aria_log_control", []string{"aria_log_control"}, nil, false},
		{"InnoDB system tablespace", []string{"ibdata1"}, nil, false},
		{"MySQL 8 data dictionary", []string{"mysql.ibd"}, nil, false},
		{"the mysql schema", nil, []string{"mysql"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range c.files {
				if err := os.WriteFile(filepath.Join(dir, f), nil, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			for _, d := range c.dirs {
				if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
					t.Fatal(err)
				}
			}
			if got := notTheServersHere(dir); got != c.want {
				t.Errorf("notTheServersHere = %v, want %v", got, c.want)
			}
		})
	}
	msg := notTheServersError("no --datadir given", "/var/lib/mysql", "tcp 127.0.0.1:3306").Error()
	for _, w := range []string{"holds no MySQL/MariaDB files on this machine", "give --datadir with the host path of its volume, or /proc/PID/root/var/lib/mysql"} {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q lacks %q", msg, w)
		}
	}
}
