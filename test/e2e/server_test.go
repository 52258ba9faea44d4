//go:build unix

package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestServerErrors: a server the user named that does not answer is a
// clean error (exit 1, fast, the driver's message and what to check); one
// that discovery does not find is a recorded gap; a wrong password is a
// clear error naming the account.
func TestServerErrors(t *testing.T) {
	srv := testmariadb.Shared(t)
	dir := t.TempDir()
	closed := closedPort(t)
	named := []struct {
		name, want string
		args       []string
	}{
		{"closed port", "listens on 127.0.0.1:" + closed, []string{"-h", "127.0.0.1", "-P", closed, "-u", "nobody"}},
		{"missing socket", "/nonexistent.sock is its socket", []string{"-S", "/nonexistent.sock"}},
		{"dsn", "named by --dsn", []string{"--dsn", "u:Dsn-pw-77@tcp(127.0.0.1:" + closed + ")/"}},
	}
	for _, c := range named {
		t.Run("named "+c.name, func(t *testing.T) {
			for _, cmd := range []string{"probe", "advise"} {
				// Measuring would take 10 s and write a file: the error must come first.
				r := mytune(t, runOpts{}, append([]string{cmd, "--datadir", dir}, c.args...)...)
				assertCleanError(t, r, 1, c.want)
				if r.elapsed > 5*time.Second || strings.Contains(r.stderr, "Dsn-pw-77") || r.stdout != "" {
					t.Errorf("%s: took %s, stdout %q, stderr %s", cmd, r.elapsed, r.stdout, r.stderr)
				}
				if l := listing(t, dir); l != "" {
					t.Errorf("%s wrote %q before failing", cmd, l)
				}
			}
		})
	}

	env := []string{"MYTUNE_DISCOVERY=on", "MYSQL_UNIX_PORT=/nonexistent/mysqld.sock"}
	r := mytune(t, runOpts{env: env}, "probe", "--datadir", dir, "--no-measure", "--format", "json")
	if r.code != 0 {
		t.Fatalf("a server discovery does not find should not fail the probe: %d %s", r.code, r.stderr)
	}
	var p struct {
		Server struct {
			Reachable bool   `json:"reachable"`
			Error     string `json:"error"`
		} `json:"server"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil || p.Server.Reachable || !strings.Contains(p.Server.Error, "/nonexistent/mysqld.sock") {
		t.Errorf("server block should say unreachable with a reason: %+v (%v)", p.Server, err)
	}

	r = mytune(t, runOpts{}, "probe", "--datadir", dir, "--no-measure", "-S", srv.Socket,
		"-u", testmariadb.FullUser, "--password=definitely-wrong")
	assertCleanError(t, r, 1, "access denied")
	if !strings.Contains(r.stderr, testmariadb.FullUser) {
		t.Errorf("error should name the account: %s", r.stderr)
	}
}

// TestServerBlockAndSecrets reads the real server with a known password
// given every way a user can, and checks the password appears nowhere in
// anything mytune writes.
func TestServerBlockAndSecrets(t *testing.T) {
	srv := testmariadb.Shared(t)
	pass := testmariadb.FullPassword
	dir := t.TempDir()
	home := t.TempDir()
	cnf := fmt.Sprintf("[client]\nuser=%s\npassword=%s\nsocket=%s\n", testmariadb.FullUser, pass, srv.Socket)
	if err := os.WriteFile(filepath.Join(home, ".my.cnf"), []byte(cnf), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "advice.json")
	ways := []struct {
		name string
		env  []string
		args []string
	}{
		{"flag", nil, []string{"-S", srv.Socket, "-u", testmariadb.FullUser, "--password=" + pass}},
		{"glued -p", nil, []string{"-S", srv.Socket, "-u", testmariadb.FullUser, "-p" + pass}},
		{"MYSQL_PWD", []string{"MYSQL_PWD=" + pass}, []string{"-S", srv.Socket, "-u", testmariadb.FullUser}},
		{"~/.my.cnf", []string{"HOME=" + home, "MYTUNE_DISCOVERY=on"}, nil},
		{"tcp", []string{"MYSQL_PWD=" + pass}, []string{"-h", "127.0.0.1", "-P", fmt.Sprint(srv.Port), "-u", testmariadb.FullUser}},
	}
	for i, w := range ways {
		t.Run(w.name, func(t *testing.T) {
			formats := []string{"json"}
			if i == 0 { // every format once; each run reads the server for ~2 s
				formats = append(formats, "text", "markdown", "cnf")
			}
			for _, format := range formats {
				args := append([]string{"advise", "--datadir", dir, "--no-measure", "--format", format, "--out", out}, w.args...)
				r := mytune(t, runOpts{env: w.env}, args...)
				if r.code != 0 {
					t.Fatalf("%s: exit %d: %s", format, r.code, r.stderr)
				}
				data, _ := os.ReadFile(out)
				for what, text := range map[string]string{"stdout": r.stdout, "stderr": r.stderr, "output": string(data)} {
					if strings.Contains(text, pass) {
						t.Errorf("%s %s contains the password", format, what)
					}
				}
				if format == "json" {
					checkServerBlock(t, data)
				}
			}
		})
	}
}

// checkServerBlock asserts the advice's profile has the CONTRACT server block.
func checkServerBlock(t *testing.T, data []byte) {
	t.Helper()
	var a struct {
		Profile struct {
			Server map[string]any `json:"server"`
		} `json:"profile"`
	}
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatalf("advice JSON: %v", err)
	}
	s := a.Profile.Server
	for _, k := range []string{"reachable", "flavor", "version", "datadir", "variables", "data_bytes", "tables"} {
		if _, ok := s[k]; !ok {
			t.Errorf("server.%s missing", k)
		}
	}
	if s["reachable"] != true || s["flavor"] != "mariadb" {
		t.Errorf("server block: reachable=%v flavor=%v", s["reachable"], s["flavor"])
	}
}

// closedPort returns a TCP port on 127.0.0.1 nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return fmt.Sprint(port)
}

// TestAdviseFromReadsNamedServer: advise --from a saved profile reads the
// server the flags name now (replacing the saved server block), and fails
// as advise without --from does when that server does not answer; without
// server flags the saved block is kept, so the profile reproduces its advice.
func TestAdviseFromReadsNamedServer(t *testing.T) {
	srv := testmariadb.Shared(t)
	dir := t.TempDir()
	r := mytune(t, runOpts{}, "probe", "--datadir", dir, "--no-measure", "--no-server", "--format", "json")
	if r.code != 0 {
		t.Fatalf("probe: exit %d %s", r.code, r.stderr)
	}
	saved := filepath.Join(dir, "p.json")
	if err := os.WriteFile(saved, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	type adv struct {
		Profile struct {
			Server *struct {
				Reachable bool   `json:"reachable"`
				Version   string `json:"version"`
			} `json:"server"`
		} `json:"profile"`
	}
	read := func(r result) adv {
		t.Helper()
		var a adv
		if r.code != 0 {
			t.Fatalf("advise: exit %d %s", r.code, r.stderr)
		}
		if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}
	a := read(mytune(t, runOpts{}, "advise", "--from", saved, "--format", "json", "-S", srv.Socket,
		"-u", testmariadb.FullUser, "--password="+testmariadb.FullPassword))
	if s := a.Profile.Server; s == nil || !s.Reachable || !strings.Contains(s.Version, "MariaDB") {
		t.Errorf("advise --from -S: the named server was not read: %+v", s)
	}
	a = read(mytune(t, runOpts{}, "advise", "--from", saved, "--format", "json"))
	if s := a.Profile.Server; s != nil && s.Reachable {
		t.Errorf("advise --from without server flags read a server: %+v", s)
	}
	assertCleanError(t, mytune(t, runOpts{}, "advise", "--from", saved, "-S", "/nonexistent.sock"), 1, "/nonexistent.sock is its socket")
}

// TestServerTLSRequiredWithoutTLS: --ssl-mode REQUIRED against a server
// without TLS is a clean error that points at the TLS settings, not at
// the address (the server did answer).
func TestServerTLSRequiredWithoutTLS(t *testing.T) {
	srv := testmariadb.Shared(t)
	r := mytune(t, runOpts{}, "probe", "--datadir", t.TempDir(), "--no-measure", "-h", "127.0.0.1",
		"-P", fmt.Sprint(srv.Port), "-u", testmariadb.FullUser, "--password="+testmariadb.FullPassword, "--ssl-mode", "REQUIRED")
	assertCleanError(t, r, 1, "TLS settings")
	if strings.Contains(r.stderr, "listens on") {
		t.Errorf("the hint points at the address: %s", r.stderr)
	}
}
