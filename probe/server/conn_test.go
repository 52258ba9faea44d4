package server

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

func envMap(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// resolveConnCase is one TestResolveConn case: the options, environment
// and home, and the user, password and first endpoint they resolve to.
type resolveConnCase struct {
	name     string
	o        ConnOptions
	env      map[string]string
	home     string
	user     string
	pw       string
	usePw    bool
	endpoint string
}

// resolveConnFiles writes TestResolveConn's option files: a .my.cnf in
// home, the --defaults-file df, and one file per MariaDB client group
// layout, by name in mariaGroups.
func resolveConnFiles(t *testing.T) (home, df string, mariaGroups map[string]string) {
	t.Helper()
	home = t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".my.cnf"), []byte("[client]\nuser=cnfuser\npassword=cnfpw\n[mysql]\nhost=db.example\nport=3307\n[mysqld]\nuser=mysql\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	df = filepath.Join(t.TempDir(), "x.cnf")
	os.WriteFile(df, []byte("[client]\nsocket=/s/x.sock\nuser=dfuser\n"), 0o600)
	// The MariaDB client groups (mariadb --defaults-file=F --print-defaults
	// of 10.11.19 reads [client-server], [client-mariadb], [mariadb-client]);
	// debcli is QA run 14's deb-cli/my.cnf, the layout of Debian 12's
	// /etc/mysql/my.cnf: the socket in [client-server].
	mariaGroups = map[string]string{}
	for name, text := range map[string]string{
		"debcli":         "[client-server]\nsocket = /run/q/s5.sock\n\n[client]\nuser = root\n",
		"client-mariadb": "[client-mariadb]\nsocket=/s/cm.sock\nuser=cm\n",
		"mariadb-client": "[mariadb-client]\nsocket=/s/mc.sock\nuser=mc\n",
		"file order":     "[client-mariadb]\nuser=first\n[client]\nuser=last\nsocket=/s/o.sock\n",
	} {
		mariaGroups[name] = filepath.Join(t.TempDir(), name+".cnf")
		if err := os.WriteFile(mariaGroups[name], []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return home, df, mariaGroups
}

func TestResolveConn(t *testing.T) {
	home, df, mariaGroups := resolveConnFiles(t)
	noSockets := []string{filepath.Join(home, "none.sock")}
	cases := []resolveConnCase{
		{"defaults", ConnOptions{}, map[string]string{"USER": "alice"}, "", "alice", "", false, "tcp 127.0.0.1:3306"},
		{"my.cnf client+mysql", ConnOptions{}, map[string]string{"USER": "alice", "MYSQL_PWD": "envpw"}, home, "cnfuser", "cnfpw", true, "tcp db.example:3307"},
		{"flags win", ConnOptions{User: "bob", Host: "h", Port: 1, Password: "flagpw", PasswordGiven: true}, nil, home, "bob", "flagpw", true, "tcp h:1"},
		{"empty -p password counts", ConnOptions{PasswordGiven: true}, map[string]string{"USER": "u"}, home, "cnfuser", "", true, "tcp db.example:3307"},
		{"MYSQL_PWD", ConnOptions{}, map[string]string{"USER": "u", "MYSQL_PWD": "envpw"}, "", "u", "envpw", true, "tcp 127.0.0.1:3306"},
		{"defaults-file only", ConnOptions{DefaultsFile: df}, map[string]string{"USER": "u"}, home, "dfuser", "", false, "unix /s/x.sock"},
		{"[client-server] socket (Debian 12)", ConnOptions{DefaultsFile: mariaGroups["debcli"]}, nil, home, "root", "", false, "unix /run/q/s5.sock"},
		{"[client-mariadb]", ConnOptions{DefaultsFile: mariaGroups["client-mariadb"]}, nil, home, "cm", "", false, "unix /s/cm.sock"},
		{"[mariadb-client]", ConnOptions{DefaultsFile: mariaGroups["mariadb-client"]}, nil, home, "mc", "", false, "unix /s/mc.sock"},
		{"client groups in file order", ConnOptions{DefaultsFile: mariaGroups["file order"]}, nil, home, "last", "", false, "unix /s/o.sock"},
		{"socket flag", ConnOptions{Socket: "/a.sock", User: "u"}, nil, "", "u", "", false, "unix /a.sock"},
		{"localhost uses socket", ConnOptions{Host: "localhost", Socket: "/a.sock", User: "u"}, nil, "", "u", "", false, "unix /a.sock"},
		{"env host", ConnOptions{}, map[string]string{"USER": "u", "MYSQL_HOST": "e", "MYSQL_TCP_PORT": "3310"}, "", "u", "", false, "tcp e:3310"},
		{"dsn", ConnOptions{DSN: "d:dpw@tcp(10.0.0.1:3306)/"}, nil, home, "d", "dpw", true, "tcp 10.0.0.1:3306"},
	}
	saved := LocalSockets
	LocalSockets = noSockets
	defer func() { LocalSockets = saved }()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := ResolveConn(c.o, envMap(c.env), c.home)
			if err != nil {
				t.Fatal(err)
			}
			if conn.User != c.user || conn.password != c.pw || conn.usePassword != c.usePw {
				t.Errorf("user %q pw %q use %v, want %q %q %v", conn.User, conn.password, conn.usePassword, c.user, c.pw, c.usePw)
			}
			if got := conn.Endpoints[0].String(); got != c.endpoint {
				t.Errorf("endpoint %s, want %s", got, c.endpoint)
			}
			if conn.ConnectTimeout != DefaultConnectTimeout || conn.QueryTimeout != DefaultQueryTimeout {
				t.Errorf("timeouts %v %v", conn.ConnectTimeout, conn.QueryTimeout)
			}
			if c.pw != "" {
				for _, s := range []string{conn.String(), fmt.Sprintf("%v", conn), fmt.Sprintf("%+v", conn), fmt.Sprintf("%#v", conn)} {
					if strings.Contains(s, c.pw) {
						t.Errorf("password shown in %q", s)
					}
				}
			}
		})
	}
}

func TestResolveConnErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.cnf")
	os.WriteFile(bad, []byte("[client\n"), 0o600)
	cases := []struct {
		name string
		o    ConnOptions
		want string
	}{
		{"missing defaults file", ConnOptions{DefaultsFile: "/nonexistent/x.cnf"}, "/nonexistent/x.cnf"},
		{"broken defaults file", ConnOptions{DefaultsFile: bad}, "bad.cnf:1"},
		{"bad dsn keeps password secret", ConnOptions{DSN: "u:Sekrit-pw@tcp(h:1)/?timeout=banana"}, "--dsn"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ResolveConn(c.o, envMap(nil), "")
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "Sekrit-pw") {
				t.Fatalf("err = %v, want it to mention %q", err, c.want)
			}
		})
	}
}

// TestUnreachableFast: a closed port answers "refused" at once; a
// connection is given up within the connect timeout.
func TestUnreachableFast(t *testing.T) {
	conn := Conn{Endpoints: []Endpoint{{"tcp", "127.0.0.1:1"}, {"unix", "/nonexistent/mysqld.sock"}}, User: "u",
		password: "Hidden-pw-123", usePassword: true, ConnectTimeout: 2 * time.Second, QueryTimeout: time.Second}
	start := time.Now()
	s, err := Read(t.Context(), conn)
	if err != nil {
		t.Fatal(err)
	}
	if s.Reachable || s.Error == "" || strings.Contains(s.Error, "Hidden-pw-123") {
		t.Fatalf("server = %+v", s)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("took %v", el)
	}
}

// TestFullServerError: "Too many connections" says the server is full,
// not that none runs there, and a user's connection limit (review r58,
// MAX_USER_CONNECTIONS 1 with one session open: error 1226) that the
// account has none left; other errors are left to the caller.
func TestFullServerError(t *testing.T) {
	ep := Endpoint{"unix", "/run/mysqld/mysqld.sock"}
	cases := []struct {
		name string
		err  error
		want string // "" for an error left to the caller
	}{
		{"max_connections", fmt.Errorf("ping: %w", &mysql.MySQLError{Number: 1040, Message: "Too many connections"}),
			"the server at unix /run/mysqld/mysqld.sock answered but is full (error 1040: Too many connections)"},
		{"max_connections: extra_port named", &mysql.MySQLError{Number: 1040, Message: "Too many connections"}, "-P EXTRA_PORT"},
		{"the account's MAX_USER_CONNECTIONS", &mysql.MySQLError{Number: 1226,
			Message: "User 'u1' has exceeded the 'max_user_connections' resource (current value: 1)"},
			"this account has all the connections it may have (error 1226"},
		{"the global max_user_connections", &mysql.MySQLError{Number: 1203,
			Message: "User u1 already has more than 'max_user_connections' active connections"}, "end this account's other sessions"},
		{"access denied", &mysql.MySQLError{Number: 1045, Message: "Access denied"}, ""},
		{"refused dial", fmt.Errorf("dial: connection refused"), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := fullServerError(c.err, ep)
			if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}
