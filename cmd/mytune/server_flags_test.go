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

// readServerFlagsCases are TestReadServerFlags' cases: the flags and
// environment naming a server (or not), and the error, if any, dialing it gives.
var readServerFlagsCases = []struct {
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
	{"a port that is no number, from the environment, is usage", nil, map[string]string{"MYTUNE_PORT": "abc"}, true, `--port "abc"`, true},
}

func TestReadServerFlags(t *testing.T) {
	for _, c := range readServerFlagsCases {
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
