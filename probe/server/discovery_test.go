package server

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolveConnDiscoveryOff: with MYTUNE_DISCOVERY=off only what the
// caller names is tried; ~/.my.cnf, MYSQL_HOST/PORT/UNIX_PORT, the usual
// sockets and 127.0.0.1:3306 are not.
func TestResolveConnDiscoveryOff(t *testing.T) {
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".my.cnf"), []byte("[client]\nuser=cnfuser\nsocket=/cnf.sock\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A real socket file among LocalSockets: discovery on must find it, off must not.
	sock := filepath.Join(t.TempDir(), "s.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	saved := LocalSockets
	LocalSockets = []string{sock}
	defer func() { LocalSockets = saved }()
	off := map[string]string{DiscoveryEnv: "off", "USER": "u", "MYSQL_HOST": "envhost", "MYSQL_UNIX_PORT": "/env.sock", "MYSQL_PWD": "envpw"}
	cases := []struct {
		name string
		o    ConnOptions
		env  map[string]string
		home string
		want string // endpoints joined by ","
		user string
	}{
		{"on: home my.cnf socket", ConnOptions{}, map[string]string{"USER": "u"}, home, "unix /cnf.sock", "cnfuser"},
		{"on: usual sockets then tcp", ConnOptions{}, map[string]string{"USER": "u"}, "", "unix " + sock + ",tcp 127.0.0.1:3306", "u"},
		{"off: nothing named, nothing tried", ConnOptions{}, off, home, "", "u"},
		{"off: socket flag", ConnOptions{Socket: "/a.sock"}, off, home, "unix /a.sock", "u"},
		{"off: host flag", ConnOptions{Host: "db1"}, off, home, "tcp db1:3306", "u"},
		{"off: port flag alone is 127.0.0.1 only", ConnOptions{Port: 3307}, off, home, "tcp 127.0.0.1:3307", "u"},
		{"off spelled 0", ConnOptions{}, map[string]string{DiscoveryEnv: "0", "USER": "u"}, home, "", "u"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(c.o, envMap(c.env), c.home)
			if err != nil {
				t.Fatal(err)
			}
			var eps []string
			for _, e := range conn.Endpoints {
				eps = append(eps, e.String())
			}
			if got := strings.Join(eps, ","); got != c.want || conn.User != c.user {
				t.Errorf("endpoints %q user %q, want %q %q", got, conn.User, c.want, c.user)
			}
		})
	}
	conn, _ := ResolveConn(ConnOptions{Socket: "/a.sock"}, envMap(off), home)
	if conn.password != "envpw" {
		t.Errorf("MYSQL_PWD is a credential, not discovery: password %q", conn.password)
	}
}

func TestEndpointOnThisHost(t *testing.T) {
	cases := []struct {
		ep   Endpoint
		want bool
	}{
		{Endpoint{"unix", "/run/mysqld/mysqld.sock"}, true},
		{Endpoint{"tcp", "127.0.0.1:3306"}, true},
		{Endpoint{"tcp", "[::1]:3306"}, true},
		{Endpoint{"tcp", "localhost:3306"}, true},
		{Endpoint{"tcp", "192.0.2.7:3306"}, false}, // TEST-NET-1 (RFC 5737): never this machine's
		{Endpoint{"tcp", "db.example:3306"}, false},
	}
	for _, c := range cases {
		if got := c.ep.OnThisHost(); got != c.want {
			t.Errorf("%s: OnThisHost = %v, want %v", c.ep, got, c.want)
		}
	}
}

// TestDiscoveryValid: MYTUNE_DISCOVERY takes on/off words only; anything
// else is refused (the CLI exits 2) rather than read as on.
func TestDiscoveryValid(t *testing.T) {
	for v, want := range map[string]bool{"off": true, "OFF": true, "0": true, "no": true, "on": true, "1": true, "": true,
		"maybe": false, "of": false, "disable": false} {
		if got := DiscoveryValid(v); got != want {
			t.Errorf("DiscoveryValid(%q) = %v, want %v", v, got, want)
		}
	}
}
