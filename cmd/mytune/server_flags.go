package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// promptMarker is the value -p takes when given without one: prompt. It is
// readable because pflag prints it in the help: --password string[="(prompt)"].
const promptMarker = "(prompt)"

// insecurePasswordWarning is printed when a password is on the command line.
const insecurePasswordWarning = "mytune: warning: giving a password on the command line is insecure; use -p, MYSQL_PWD or ~/.my.cnf"

// addServerFlags registers the server flags, spelled as the mysql client
// spells them. -h is the host: the root command defines --help without a
// shorthand. -pSECRET works as in the client: run() rewrites it to
// --password=SECRET before the flags are parsed (mysqlStyleArgs).
func addServerFlags(fs *pflag.FlagSet) {
	fs.StringP("host", "h", "", "server host (default: the usual local sockets, then 127.0.0.1)")
	fs.IntP("port", "P", 0, "server TCP port (default 3306)")
	fs.StringP("user", "u", "", "server account (default: ~/.my.cnf, then $USER)")
	fs.StringP("password", "p", "", "password; -p alone prompts on the terminal (prefer MYSQL_PWD or ~/.my.cnf)")
	fs.Lookup("password").NoOptDefVal = promptMarker
	fs.StringP("socket", "S", "", "server Unix socket")
	fs.String("defaults-file", "", "read [client] and [mysql] options only from this file (instead of ~/.my.cnf)")
	fs.String("dsn", "", "go-sql-driver DSN, e.g. user@tcp(127.0.0.1:3306)/ (overrides the other server flags)")
	fs.Duration("connect-timeout", server.DefaultConnectTimeout, "give up connecting after this long")
	fs.String("ssl-mode", "", "TLS as the mysql client says it: DISABLED|PREFERRED|REQUIRED|VERIFY_CA|VERIFY_IDENTITY")
	fs.Bool("no-server", false, "do not try to read a server")
}

// addMyCnfFlag registers --mycnf, an offline my.cnf to read settings from.
func addMyCnfFlag(fs *pflag.FlagSet) {
	fs.String("mycnf", "", "a my.cnf to read server settings from offline ([mysqld] and related groups, !include followed)")
}

// resolveConn turns the server flags, ~/.my.cnf and MYSQL_PWD into the
// connection to try, as the mysql client would.
func (a *app) resolveConn(cmd *cobra.Command) (server.Conn, error) {
	o, err := a.connOptions(cmd)
	if err != nil {
		return server.Conn{}, err
	}
	home, _ := os.UserHomeDir()
	conn, err := server.ResolveConn(o, os.Getenv, home)
	if err != nil {
		return server.Conn{}, asUsage(err)
	}
	return conn, nil
}

// connOptions gathers the server settings from the merged configuration.
func (a *app) connOptions(cmd *cobra.Command) (server.ConnOptions, error) {
	o := server.ConnOptions{
		Host: a.v.GetString("host"), Port: a.v.GetInt("port"), User: a.v.GetString("user"),
		Socket: a.v.GetString("socket"), DefaultsFile: a.v.GetString("defaults-file"), DSN: a.v.GetString("dsn"),
		ConnectTimeout: a.v.GetDuration("connect-timeout"),
	}
	if o.Port < 0 || o.Port > 65535 {
		return o, usagef("--port %d is not a TCP port (1-65535)", o.Port)
	}
	if o.ConnectTimeout < 0 || o.ConnectTimeout > time.Hour {
		return o, usagef("--connect-timeout %s must be between 0 and 1h", o.ConnectTimeout)
	}
	if mode := a.v.GetString("ssl-mode"); mode != "" {
		if o.TLS = server.TLSFromSSLMode(mode); o.TLS == "" {
			return o, usagef("--ssl-mode %q: choose DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY", mode)
		}
	}
	pw := a.v.GetString("password")
	onCommandLine := cmd.Flags().Changed("password")
	switch {
	case pw == promptMarker:
		got, err := a.promptPassword()
		if err != nil {
			return o, err
		}
		o.Password, o.PasswordGiven = got, true
	case onCommandLine || pw != "":
		if onCommandLine {
			fmt.Fprintln(a.stderr, insecurePasswordWarning)
		}
		o.Password, o.PasswordGiven = pw, true
	}
	return o, nil
}

// promptPassword asks on the terminal without echo; from a pipe it reads one line.
func (a *app) promptPassword() (string, error) {
	if f, ok := a.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(a.stderr, "Enter password: ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(a.stderr)
		if err != nil {
			return "", fmt.Errorf("reading the password from the terminal: %w", err)
		}
		return string(b), nil
	}
	if a.stdin == nil {
		return "", usagef("-p needs a terminal or a password on standard input; use MYSQL_PWD or ~/.my.cnf")
	}
	line, err := bufio.NewReader(a.stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("reading the password from standard input: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// readMyCnf reads an offline my.cnf; a bad file is a usage error naming file:line.
func readMyCnf(path string) (*profile.MyCnf, error) {
	mc, err := probe.ReadMyCnf(path)
	if err != nil {
		return nil, asUsage(err)
	}
	return mc, nil
}
