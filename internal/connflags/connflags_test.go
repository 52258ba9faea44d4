package connflags

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// newSource parses args with the server flags into a fresh Source.
func newSource(t *testing.T, args []string, stdin string) (Source, *bytes.Buffer) {
	t.Helper()
	var stderr bytes.Buffer
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	Add(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("parse %v: %v", args, err)
	}
	v := viper.New()
	if err := v.BindPFlags(fs); err != nil {
		t.Fatal(err)
	}
	return Source{V: v, Flags: fs, Stdin: strings.NewReader(stdin), Stderr: &stderr}, &stderr
}

// TestOptions: the mysql client's spellings, the password warning and prompt.
func TestOptions(t *testing.T) {
	cases := []struct {
		name         string
		args         []string
		stdin        string
		host, user   string
		port         int
		pw           string
		given, warns bool
		timeout      time.Duration
	}{
		{"mysql spelling", []string{"-h", "db1", "-P", "3307", "-u", "bob"}, "", "db1", "bob", 3307, "", false, false, 5 * time.Second},
		{"password on command line warns", []string{"--password=Top-Secret"}, "", "", "", 0, "Top-Secret", true, true, 5 * time.Second},
		{"-p= value", []string{"-p=Top-Secret"}, "", "", "", 0, "Top-Secret", true, true, 5 * time.Second},
		{"-p alone reads stdin when not a terminal", []string{"-p", "-u", "x"}, "Piped-pw\n", "", "x", 0, "Piped-pw", true, false, 5 * time.Second},
		{"-p alone, empty stdin", []string{"-p"}, "", "", "", 0, "", true, false, 5 * time.Second},
		{"long names", []string{"--host=h", "--port=1", "--user=u", "--socket=/s", "--connect-timeout=2s"}, "", "h", "u", 1, "", false, false, 2 * time.Second},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, stderr := newSource(t, c.args, c.stdin)
			o, err := s.Options()
			if err != nil {
				t.Fatal(err)
			}
			if o.Host != c.host || o.User != c.user || o.Port != c.port || o.Password != c.pw || o.PasswordGiven != c.given || o.ConnectTimeout != c.timeout {
				t.Errorf("got %+v", o)
			}
			if warned := strings.Contains(stderr.String(), "insecure"); warned != c.warns {
				t.Errorf("warning = %v, want %v (stderr %q)", warned, c.warns, stderr.String())
			}
			if c.pw != "" && strings.Contains(stderr.String(), c.pw) {
				t.Errorf("password echoed on stderr")
			}
		})
	}
}

// TestHostWithPort: a -h that holds a port is refused with the two flags
// to give instead (review r11: -h '[::1]:3440' dialled "[[::1]:3440]:3306");
// IPv6 addresses alone, bracketed or not, and names pass.
func TestHostWithPort(t *testing.T) {
	cases := []struct{ name, host, want string }{
		{"bracketed IPv6 and port", "[::1]:3440", "give the host alone (-h [::1]) and the port with -P 3440"},
		{"name and port", "db1:3307", "give the host alone (-h db1) and the port with -P 3307"},
		{"IPv4 and port", "10.0.0.5:3306", "(-h 10.0.0.5) and the port with -P 3306"},
		{"IPv6 alone", "::1", ""},
		{"IPv6 in brackets", "[::1]", ""},
		{"full IPv6", "fe80::1:2", ""},
		{"name", "db1.example.com", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, _ := newSource(t, []string{"-h", c.host}, "")
			_, err := s.Options()
			switch {
			case c.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestExplicitServer: which settings name a server (an error when it does
// not answer) and which are discovery (a quiet gap).
func TestExplicitServer(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(cfg, []byte("socket: /cfg.sock\nuser: fromcfg\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		env  map[string]string
		cfg  bool
		want string
	}{
		{"nothing", nil, nil, false, ""},
		{"socket and user", []string{"-S", "/x.sock", "-u", "bob"}, nil, false, "-S /x.sock,-u bob"},
		{"password alone", []string{"--password=pw"}, nil, false, "-p"},
		{"dsn without its value", []string{"--dsn", "a:b@tcp(h:1)/"}, nil, false, "--dsn"},
		{"defaults-file", []string{"--defaults-file", "/d.cnf"}, nil, false, "--defaults-file /d.cnf"},
		{"MYTUNE_SOCKET counts", nil, map[string]string{"MYTUNE_SOCKET": "/e.sock"}, false, "-S /e.sock"},
		{"MYTUNE_USER does not", nil, map[string]string{"MYTUNE_USER": "envuser"}, false, ""},
		{"config socket counts, config user does not", nil, nil, true, "-S /cfg.sock"},
		{"MYSQL_UNIX_PORT is discovery", nil, map[string]string{"MYSQL_UNIX_PORT": "/m.sock", "MYSQL_HOST": "h"}, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			s, _ := newSource(t, c.args, "")
			s.V.SetEnvPrefix("MYTUNE")
			s.V.AutomaticEnv()
			if c.cfg {
				s.V.SetConfigFile(cfg)
				if err := s.V.ReadInConfig(); err != nil {
					t.Fatal(err)
				}
			}
			if got := strings.Join(s.Named(), ","); got != c.want {
				t.Errorf("Named = %q, want %q", got, c.want)
			}
		})
	}
}

// TestRewriteArgs: only a password glued to -p is rewritten.
func TestRewriteArgs(t *testing.T) {
	cases := []struct {
		name string
		in   []string
		want []string
	}{
		{"glued password", []string{"advise", "-psecret"}, []string{"advise", "--password=secret"}},
		{"prompt", []string{"advise", "-p"}, []string{"advise", "-p"}},
		{"equals form kept", []string{"-p=x"}, []string{"-p=x"}},
		{"port untouched", []string{"-P3307"}, []string{"-P3307"}},
		{"after double dash", []string{"--", "-pfoo"}, []string{"--", "-pfoo"}},
		{"long flag", []string{"--password=x"}, []string{"--password=x"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := RewriteArgs(c.in); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
