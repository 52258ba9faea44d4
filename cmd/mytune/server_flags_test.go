package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

// newServerFlagsApp parses args with the server flags into a fresh app.
func newServerFlagsApp(t *testing.T, args []string, stdin string) (*app, *cobra.Command, *bytes.Buffer) {
	t.Helper()
	var stderr bytes.Buffer
	a := &app{stdin: strings.NewReader(stdin), stdout: &bytes.Buffer{}, stderr: &stderr, v: viper.New()}
	cmd := &cobra.Command{Use: "x"}
	addServerFlags(cmd.Flags())
	addMyCnfFlag(cmd.Flags())
	if err := cmd.Flags().Parse(args); err != nil {
		t.Fatalf("parse %v: %v", args, err)
	}
	if err := a.v.BindPFlags(cmd.Flags()); err != nil {
		t.Fatal(err)
	}
	return a, cmd, &stderr
}

func TestConnOptionsFromFlags(t *testing.T) {
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
			a, cmd, stderr := newServerFlagsApp(t, c.args, c.stdin)
			o, err := a.connOptions(cmd)
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

func TestReadServerFlags(t *testing.T) {
	cases := []struct {
		name      string
		args      []string
		env       map[string]string
		wantNil   bool
		wantErr   string
		wantUsage bool
	}{
		{"no-server", []string{"--no-server"}, nil, true, "", false},
		{"named host that does not answer is an error", []string{"-h", "127.0.0.1", "-P", "1", "-u", "x", "--connect-timeout=2s"}, nil,
			true, "cannot connect to the server named by -h 127.0.0.1 -P 1 -u x", false},
		{"named socket that does not exist is an error", []string{"-S", "/nonexistent/mysqld.sock"}, nil,
			true, "/nonexistent/mysqld.sock is its socket", false},
		{"named dsn hides its password", []string{"--dsn", "u:Dsn-Secret-1@tcp(127.0.0.1:1)/"}, nil,
			true, "named by --dsn: tcp 127.0.0.1:1", false},
		{"-u alone names a server; discovery off leaves no address", []string{"-u", "bob"}, nil, true,
			"named by -u bob: no address to try\ncheck the server's address: give -S SOCKET or -h HOST", false},
		{"-u alone names a server; discovery tries the usual places", []string{"-u", "bob"},
			map[string]string{"MYTUNE_DISCOVERY": "on", "MYSQL_UNIX_PORT": "/nonexistent/mysqld.sock"}, true,
			"named by -u bob: unix /nonexistent/mysqld.sock: dial unix", false},
		{"host from MYTUNE_HOST names a server", nil, map[string]string{"MYTUNE_HOST": "127.0.0.1", "MYTUNE_PORT": "1"},
			true, "named by -h 127.0.0.1 -P 1", false},
		{"discovered socket that does not answer is a gap", nil,
			map[string]string{"MYTUNE_DISCOVERY": "on", "MYSQL_UNIX_PORT": "/nonexistent/mysqld.sock"}, false, "", false},
		{"discovery off and nothing named is a gap", nil, nil, false, "", false},
		{"bad defaults file is usage", []string{"--defaults-file=/nonexistent/my.cnf"}, nil, true, "/nonexistent/my.cnf", true},
		{"bad port", []string{"-P", "70000"}, nil, true, "--port", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("HOME", t.TempDir())
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			a, cmd, _ := newServerFlagsApp(t, c.args, "")
			a.v.SetEnvPrefix("MYTUNE")
			a.v.AutomaticEnv()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			dial, err := a.dialServer(ctx, cmd)
			defer dial.Close()
			srv := dial.NotFound
			if c.wantErr != "" {
				want := exitFailed
				if c.wantUsage {
					want = exitUsage
				}
				if err == nil || !strings.Contains(err.Error(), c.wantErr) || exitCode(err) != want {
					t.Fatalf("err = %v (exit %d), want exit %d with %q", err, exitCode(err), want, c.wantErr)
				}
				if strings.Contains(err.Error(), "Dsn-Secret-1") {
					t.Errorf("error shows the DSN's password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if dial.Session != nil || (srv == nil) != c.wantNil || (srv != nil && (srv.Reachable || srv.Error == "")) {
				t.Fatalf("srv = %+v", srv)
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
			a, cmd, _ := newServerFlagsApp(t, c.args, "")
			a.v.SetEnvPrefix("MYTUNE")
			a.v.AutomaticEnv()
			if c.cfg {
				if err := readConfigFile(a.v, cfg); err != nil {
					t.Fatal(err)
				}
			}
			if got := strings.Join(a.explicitServer(cmd), ","); got != c.want {
				t.Errorf("explicitServer = %q, want %q", got, c.want)
			}
		})
	}
}

func TestReadMyCnf(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.cnf")
	bad := filepath.Join(dir, "bad.cnf")
	os.WriteFile(good, []byte("[mysqld]\ninnodb-buffer-pool-size = 2G\n"), 0o644)
	os.WriteFile(bad, []byte("[mysqld]\na=1\n[mysqld\n"), 0o644)
	cases := []struct {
		name, path, wantErr string
	}{
		{"good", good, ""},
		{"bad header is a warning: mysqld refuses the file, the report says so", bad, ""},
		{"missing", filepath.Join(dir, "none.cnf"), "none.cnf"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mc, err := readMyCnf(c.path)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) || exitCode(err) != exitUsage {
					t.Fatalf("err = %v, want usage error naming %q", err, c.wantErr)
				}
				return
			}
			if c.path == bad {
				if err != nil || len(mc.Warnings) == 0 || !mc.Warnings[0].Refuses || !strings.Contains(mc.Warnings[0].Where, "bad.cnf:3") {
					t.Fatalf("mc = %+v, err = %v, want a refusing warning at bad.cnf:3", mc, err)
				}
				return
			}
			if err != nil || mc.Variables["innodb_buffer_pool_size"] != "2G" {
				t.Fatalf("mc = %+v, err = %v", mc, err)
			}
		})
	}
}
