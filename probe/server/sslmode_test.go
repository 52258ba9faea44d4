package server

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNormalSSLMode(t *testing.T) {
	cases := map[string]string{
		"DISABLED": "DISABLED", "preferred": "PREFERRED", " Required ": "REQUIRED",
		"VERIFY_CA": "VERIFY_CA", "verify_identity": "VERIFY_IDENTITY", "bogus": "", "": "",
	}
	for in, want := range cases {
		if got := NormalSSLMode(in); got != want {
			t.Errorf("NormalSSLMode(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSSLResolve: the mode and CA a connection uses, from the flags and an
// option file as the mysql and mariadb clients read them; and the driver's
// tls parameter each gives (QA: without --ssl-mode mytune never offered
// TLS, where the mysql client prefers it).
func TestSSLResolve(t *testing.T) {
	cases := []struct {
		name        string
		opts        ConnOptions
		cnf         string
		mode, ca    string
		tcp, socket string // the driver's tls parameter over TCP and a socket
	}{
		{"nothing said: TLS preferred over TCP, none on a socket", ConnOptions{Host: "db1"}, "", "", "", "preferred", ""},
		{"--ssl-mode DISABLED", ConnOptions{Host: "db1", SSLMode: "disabled"}, "", "DISABLED", "", "false", "false"},
		{"--ssl-mode REQUIRED", ConnOptions{Host: "db1", SSLMode: "REQUIRED"}, "", "REQUIRED", "", "skip-verify", "skip-verify"},
		{"ssl-mode in [client]", ConnOptions{Host: "db1"}, "[client]\nssl-mode=REQUIRED\n", "REQUIRED", "", "skip-verify", "skip-verify"},
		{"the flag wins over the file", ConnOptions{Host: "db1", SSLMode: "PREFERRED"}, "[client]\nssl-mode=DISABLED\n", "PREFERRED", "", "preferred", "preferred"},
		{"MariaDB's bare ssl", ConnOptions{Host: "db1"}, "[client]\nssl\n", "REQUIRED", "", "skip-verify", "skip-verify"},
		{"MariaDB's skip-ssl", ConnOptions{Host: "db1"}, "[client]\nskip-ssl\n", "DISABLED", "", "false", "false"},
		{"ssl=0", ConnOptions{Host: "db1"}, "[client]\nssl=0\n", "DISABLED", "", "false", "false"},
		{"MariaDB's ssl-verify-server-cert", ConnOptions{Host: "db1"}, "[mysql]\nssl\nssl-verify-server-cert\n", "VERIFY_IDENTITY", "", "", ""},
		{"a CA alone means VERIFY_CA", ConnOptions{Host: "db1", SSLCA: "/etc/ca.pem"}, "", "VERIFY_CA", "/etc/ca.pem", "", ""},
		{"ssl-ca in the file", ConnOptions{Host: "db1"}, "[client]\nssl-ca=/etc/mysql/ca.pem\n", "VERIFY_CA", "/etc/mysql/ca.pem", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := c.opts
			if c.cnf != "" {
				o.DefaultsFile = filepath.Join(t.TempDir(), "my.cnf")
				if err := os.WriteFile(o.DefaultsFile, []byte(c.cnf), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			conn, err := ResolveConn(o, envMap(nil), "")
			if err != nil {
				t.Fatal(err)
			}
			if conn.SSLMode != c.mode || conn.SSLCA != c.ca {
				t.Fatalf("mode %q ca %q, want %q %q", conn.SSLMode, conn.SSLCA, c.mode, c.ca)
			}
			if strings.HasPrefix(c.mode, "VERIFY") {
				return // a registered configuration: TestTLSLive connects with them
			}
			for _, ep := range []struct {
				e    Endpoint
				want string
			}{{Endpoint{"tcp", "db1:3306"}, c.tcp}, {Endpoint{"unix", "/run/mysqld/mysqld.sock"}, c.socket}} {
				if got, err := conn.tlsFor(ep.e); err != nil || got != ep.want {
					t.Errorf("%s: tls %q (%v), want %q", ep.e, got, err, ep.want)
				}
			}
		})
	}
}

// TestServerName: VERIFY_IDENTITY checks the host as given, not the
// 127.0.0.1 that localhost is dialled as.
func TestServerName(t *testing.T) {
	cases := []struct {
		given string
		ep    Endpoint
		want  string
	}{
		{"localhost", Endpoint{"tcp", "127.0.0.1:3306"}, "localhost"},
		{"db1.example.com", Endpoint{"tcp", "db1.example.com:3306"}, "db1.example.com"},
		{"", Endpoint{"tcp", "[::1]:3306"}, "::1"},
	}
	for _, c := range cases {
		if got := (Conn{HostGiven: c.given}).serverName(c.ep); got != c.want {
			t.Errorf("serverName(%q, %s) = %q, want %q", c.given, c.ep, got, c.want)
		}
	}
}
