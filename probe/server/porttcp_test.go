package server

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolveConnPortImpliesTCP: a port the user gives, with no socket,
// dials that port over TCP and nothing else, even when a usual socket
// (another server's) exists; a socket given with it, or a port from the
// environment or ~/.my.cnf, keeps the socket, as the mariadb client does
// (review r18: `mytune advise -P 3511` read the server on port 3510
// through /run/mysqld/mysqld.sock).
func TestResolveConnPortImpliesTCP(t *testing.T) {
	dir := t.TempDir()
	usual := filepath.Join(dir, "usual.sock")
	l, err := net.Listen("unix", usual)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	saved := LocalSockets
	LocalSockets = []string{usual}
	defer func() { LocalSockets = saved }()
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".my.cnf"), []byte("[client]\nsocket=/s/cnf.sock\n"), 0o600)
	for _, tc := range []struct {
		name string
		o    ConnOptions
		env  map[string]string
		home string
		want string
	}{
		{"-P alone", ConnOptions{Port: 3511}, nil, "", "tcp 127.0.0.1:3511"},
		{"-h localhost -P", ConnOptions{Host: "localhost", Port: 3511}, nil, "", "tcp 127.0.0.1:3511"},
		{"-P over a socket in ~/.my.cnf", ConnOptions{Port: 3511}, nil, home, "tcp 127.0.0.1:3511"},
		{"-P over MYSQL_UNIX_PORT", ConnOptions{Port: 3511}, map[string]string{"MYSQL_UNIX_PORT": "/s/env.sock"}, "", "tcp 127.0.0.1:3511"},
		{"-P with -S: the socket", ConnOptions{Port: 3511, Socket: "/s/x.sock"}, nil, "", "unix /s/x.sock"},
		{"-h host -P", ConnOptions{Host: "db.example", Port: 3511}, nil, "", "tcp db.example:3511"},
		{"MYSQL_TCP_PORT: the usual socket first", ConnOptions{}, map[string]string{"MYSQL_TCP_PORT": "3511"}, "", "unix " + usual + ", tcp 127.0.0.1:3511"},
		{"no port: the usual socket first", ConnOptions{}, nil, "", "unix " + usual + ", tcp 127.0.0.1:3306"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := ResolveConn(tc.o, envMap(tc.env), tc.home)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range conn.Endpoints {
				got = append(got, e.String())
			}
			if strings.Join(got, ", ") != tc.want {
				t.Errorf("endpoints %s, want %s", strings.Join(got, ", "), tc.want)
			}
		})
	}
}
