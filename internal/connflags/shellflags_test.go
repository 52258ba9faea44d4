package connflags

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestShellFlags: the flags that named the server come back as shell
// words that give the same values, paths absolute, never a password
// (review r11: the calibrate line of advise's notes carries them).
func TestShellFlags(t *testing.T) {
	sock := "/var/tmp/x a'b\"c$d`e!f*g#h;i\\j é日本/s.sock"
	cases := []struct {
		name string
		args []string
		want string
		argv []string // what sh makes of it; nil: want is ""
	}{
		{"nothing named", nil, "", nil},
		{"a hostile socket and user", []string{"-S", sock, "-u", "o'brien"},
			`-S '/var/tmp/x a'\''b"c$d` + "`" + `e!f*g#h;i\j é日本/s.sock' -u 'o'\''brien'`, []string{"-S", sock, "-u", "o'brien"}},
		{"host and port, a password only as -p", []string{"-h", "::1", "-P", "3440", "-u", "a@b", "--password=Sec@ret#1"},
			"-h ::1 -P 3440 -u a@b -p", []string{"-h", "::1", "-P", "3440", "-u", "a@b", "-p"}},
		{"a relative defaults-file made absolute", []string{"--defaults-file", "my client.cnf"}, "", nil},
		{"--dsn: its server as flags, its password as -p", []string{"--dsn", "u:Sec@ret@tcp(db1:3480)/?tls=skip-verify"},
			"-h db1 -P 3480 -u u -p --ssl-mode REQUIRED", []string{"-h", "db1", "-P", "3480", "-u", "u", "-p", "--ssl-mode", "REQUIRED"}},
		{"--dsn over IPv6, no password", []string{"--dsn", "o'brien@tcp([::1]:3480)/"},
			`-h ::1 -P 3480 -u 'o'\''brien'`, []string{"-h", "::1", "-P", "3480", "-u", "o'brien"}},
		{"--dsn without tls, read with --ssl-mode", []string{"--dsn", "u@tcp(db1:3480)/", "--ssl-mode", "REQUIRED"},
			"-h db1 -P 3480 -u u --ssl-mode REQUIRED", []string{"-h", "db1", "-P", "3480", "-u", "u", "--ssl-mode", "REQUIRED"}},
		{"--dsn over a socket", []string{"--dsn", "root@unix(/run/my sql/s.sock)/"},
			"-S '/run/my sql/s.sock' -u root", []string{"-S", "/run/my sql/s.sock", "-u", "root"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newSource(t, c.args, "")
			got := s.ShellFlags()
			if c.name == "a relative defaults-file made absolute" {
				abs, _ := filepath.Abs("my client.cnf")
				c.argv = []string{"--defaults-file", abs}
				c.want = "--defaults-file '" + abs + "'"
			}
			if got != c.want || strings.Contains(got, "Sec@ret") {
				t.Fatalf("ShellFlags() = %q, want %q", got, c.want)
			}
			if c.argv == nil {
				return
			}
			out, err := exec.Command("sh", "-c", "set -- "+got+`; for a in "$@"; do printf '%s\n' "$a"; done`).Output()
			if err != nil || strings.Join(c.argv, "\n")+"\n" != string(out) {
				t.Errorf("sh read %s as %q (%v), want %q", got, out, err, c.argv)
			}
		})
	}
}
