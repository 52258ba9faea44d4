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
		wantNil   bool
		wantReach bool
		wantErr   string
	}{
		{"no-server", []string{"--no-server"}, true, false, ""},
		{"unreachable is not an error", []string{"-h", "127.0.0.1", "-P", "1", "-u", "x", "--connect-timeout=2s"}, false, false, ""},
		{"bad defaults file is usage", []string{"--defaults-file=/nonexistent/my.cnf"}, true, false, "/nonexistent/my.cnf"},
		{"bad port", []string{"-P", "70000"}, true, false, "--port"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, cmd, _ := newServerFlagsApp(t, c.args, "")
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			srv, err := a.readServer(ctx, cmd)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) || exitCode(err) != exitUsage {
					t.Fatalf("err = %v (exit %d), want usage error with %q", err, exitCode(err), c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if (srv == nil) != c.wantNil || (srv != nil && (srv.Reachable != c.wantReach || srv.Error == "")) {
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
