package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/probe"
)

// dialServer connects to the server the flags name, or quietly looks for
// the usual local ones (probe.DialServer); --no-server dials nothing.
func (a *app) dialServer(ctx context.Context, cmd *cobra.Command) (probe.ServerDial, error) {
	if a.v.GetBool("no-server") {
		return probe.ServerDial{}, nil
	}
	conn, err := a.resolveConn(cmd)
	if err != nil {
		return probe.ServerDial{}, err
	}
	return probe.DialServer(ctx, conn, a.explicitServer(cmd))
}

// explicitServer lists the settings by which the user named a server:
// -h, -P, -S, --dsn and --defaults-file set anywhere mytune reads settings
// (command line, --config, MYTUNE_*), and -u and -p on the command line.
// ~/.my.cnf, the MYSQL_* variables and the usual sockets are discovery.
func (a *app) explicitServer(cmd *cobra.Command) []string {
	var named []string
	for _, f := range []struct{ name, spell string }{
		{"host", "-h"}, {"port", "-P"}, {"socket", "-S"}, {"defaults-file", "--defaults-file"}, {"dsn", "--dsn"},
	} {
		if a.v.IsSet(f.name) {
			named = append(named, showFlag(f.spell, a.v.GetString(f.name)))
		}
	}
	if cmd.Flags().Changed("user") {
		named = append(named, showFlag("-u", a.v.GetString("user")))
	}
	if cmd.Flags().Changed("password") {
		named = append(named, "-p")
	}
	return named
}

// showFlag spells a flag with its value for an error message; --dsn may
// hold a password, so it is shown without its value.
func showFlag(spell, value string) string {
	if spell == "--dsn" || value == "" {
		return spell
	}
	return spell + " " + value
}
