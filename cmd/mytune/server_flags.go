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

// connSource is where the server settings of cmd come from.
func (a *app) connSource(cmd *cobra.Command) connflags.Source {
	return connflags.Source{V: a.v, Flags: cmd.Flags(), Stdin: a.stdin, Stderr: a.stderr}
}

// resolveConn turns the server flags, ~/.my.cnf and MYSQL_PWD into the
// connection to try, as the mysql client would.
func (a *app) resolveConn(cmd *cobra.Command) (server.Conn, error) {
	return a.connSource(cmd).Resolve()
}

// readMyCnf reads an offline my.cnf; a bad file is a usage error naming file:line.
func readMyCnf(path string) (*profile.MyCnf, error) {
	mc, err := probe.ReadMyCnf(path)
	if err != nil {
		return nil, asUsage(err)
	}
	return mc, nil
}
