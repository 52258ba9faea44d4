package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mytune/mytune/internal/connflags"
	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// addServerFlags registers the server flags (internal/connflags).
func addServerFlags(fs *pflag.FlagSet) { connflags.Add(fs) }

// addMyCnfFlag registers --mycnf, an offline my.cnf to read settings from.
func addMyCnfFlag(fs *pflag.FlagSet) {
	fs.String("mycnf", "", "a my.cnf to read server settings from offline ([mysqld] and related groups, !include followed)")
}

// connSource is where the server settings of cmd come from; with --from -
// standard input holds the profile, so -p may not read a password there.
func (a *app) connSource(cmd *cobra.Command) connflags.Source {
	s := connflags.Source{V: a.v, Flags: cmd.Flags(), Stdin: a.stdin, Stderr: a.stderr}
	if a.v.GetString("from") == "-" {
		s.StdinTakenBy = "--from -"
	}
	return s
}

// resolveConn turns the server flags, ~/.my.cnf and MYSQL_PWD into the
// connection to try, as the mysql client would, once per run: advise
// --calibrate opens the server twice (to read it, then to calibrate), and
// resolving again prompted for -p a second time and, with the password on
// standard input, read an empty one ("access denied", exit 1; QA
// 2026-12-06), besides warning twice of a password on the command line.
func (a *app) resolveConn(cmd *cobra.Command) (server.Conn, error) {
	if a.conn == nil {
		conn, err := a.connSource(cmd).Resolve()
		a.conn = &resolvedConn{conn: conn, err: err}
	}
	return a.conn.conn, a.conn.err
}

// readMyCnf reads an offline my.cnf; a bad file is a usage error naming file:line.
func readMyCnf(path string) (*profile.MyCnf, error) {
	mc, err := probe.ReadMyCnf(path)
	if err != nil {
		return nil, asUsage(err)
	}
	return mc, nil
}
