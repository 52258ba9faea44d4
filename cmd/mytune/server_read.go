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
	conn.Ask = a.ask
	return probe.DialServer(ctx, conn, a.connSource(cmd).Named())
}
