package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// serverDial is the outcome of looking for a server before a probe: an
// open session, a server that did not answer (auto-discovery only), or
// neither (--no-server).
type serverDial struct {
	sess     *server.Session
	notFound *profile.Server // the gap to record when discovery found no server
}

// close closes a session that was not read.
func (d serverDial) close() {
	if d.sess != nil {
		_ = d.sess.Close()
	}
}

// dialServer connects to the server the flags name, or quietly looks for
// the usual local ones. A server the user named (explicitServer) that
// cannot be reached is an error, as with the mysql client; one that
// discovery does not find is a gap. Refused credentials are always an error.
func (a *app) dialServer(ctx context.Context, cmd *cobra.Command) (serverDial, error) {
	if a.v.GetBool("no-server") {
		return serverDial{}, nil
	}
	conn, err := a.resolveConn(cmd)
	if err != nil {
		return serverDial{}, err
	}
	sess, err := server.Dial(ctx, conn)
	var ue *server.UnreachableError
	switch {
	case err == nil:
		return serverDial{sess: sess}, nil
	case errors.As(err, &ue):
		if named := a.explicitServer(cmd); len(named) > 0 {
			return serverDial{}, namedUnreachable(named, conn, ue)
		}
		if len(conn.Endpoints) == 0 {
			return serverDial{notFound: server.NotReached(fmt.Errorf("no server looked for: %s is off and no server flag was given",
				server.DiscoveryEnv))}, nil
		}
		return serverDial{notFound: server.NotReached(ue)}, nil
	}
	var ae *server.AuthError
	if errors.As(err, &ae) {
		return serverDial{}, ae
	}
	return serverDial{}, fmt.Errorf("connecting to the server: %w", err)
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

// namedUnreachable is the error for a server the user named that did not
// answer: what was tried with the driver's message, then what to check.
func namedUnreachable(named []string, conn server.Conn, ue *server.UnreachableError) error {
	tried := strings.Join(ue.Tried, "; ")
	if tried == "" {
		tried = "no address to try"
	}
	var check []string
	for _, ep := range conn.Endpoints {
		if ep.Net == "unix" {
			check = append(check, "that the server runs and "+ep.Addr+" is its socket (SELECT @@socket)")
			break
		}
	}
	for _, ep := range conn.Endpoints {
		if ep.Net == "tcp" {
			check = append(check, "that a server listens on "+ep.Addr+" (port, bind_address, firewall)")
			break
		}
	}
	if len(check) == 0 {
		check = append(check, "the server's address: give -S SOCKET or -h HOST ("+server.DiscoveryEnv+
			" is off, so the usual sockets and 127.0.0.1:3306 are not tried)")
	}
	return fmt.Errorf("cannot connect to the server named by %s: %s\ncheck %s; or give --no-server to advise without a server",
		strings.Join(named, " "), tried, strings.Join(check, ", and "))
}

// datadirFromServer is the directory to probe when --datadir is absent:
// the datadir of the server on this machine, said on stderr. Without a
// server, or with one on another machine, --datadir is required.
func (a *app) datadirFromServer(ctx context.Context, d serverDial) (probe.ServerDatadir, error) {
	const need = "--datadir is required"
	if d.sess == nil {
		why := "no server answered to take its datadir from"
		if a.v.GetBool("no-server") {
			why = "with --no-server there is no server to take its datadir from"
		}
		return probe.ServerDatadir{}, usagef("%s: %s; give the directory that holds (or will hold) the MySQL data", need, why)
	}
	where := d.sess.Endpoint.String()
	if !d.sess.Endpoint.OnThisHost() {
		return probe.ServerDatadir{}, usagef("%s: the server at %s is on another machine, so its datadir cannot be measured from here; "+
			"give a directory on this machine's disk", need, where)
	}
	dir, err := d.sess.Datadir(ctx)
	if err != nil || dir == "" {
		return probe.ServerDatadir{}, usagef("%s: could not learn the server's datadir (%v)", need, err)
	}
	if _, err := probe.CheckDir(dir); err != nil {
		return probe.ServerDatadir{}, usagef("%s: the server's datadir %s (@@datadir of %s) is not usable here: %v", need, dir, where, err)
	}
	src := probe.ServerDatadir{Dir: filepath.Clean(dir), Where: where, OnThisHost: true}
	verb := "measuring"
	if a.v.GetBool("no-measure") {
		verb = "probing"
	}
	fmt.Fprintf(a.stderr, "mytune: note: no --datadir given: %s the server's datadir %s (@@datadir of %s)\n", verb, src.Dir, where)
	return src, nil
}

// pendingRead is a server read running beside the probe.
type pendingRead struct {
	done   chan struct{}
	cancel context.CancelFunc
	srv    *profile.Server
	err    error
}

// startRead reads the session in the background; its second redo reading
// waits for measured to close, so the redo sample spans the measurement.
func startRead(ctx context.Context, sess *server.Session, measured <-chan struct{}) *pendingRead {
	rctx, cancel := context.WithCancel(ctx)
	p := &pendingRead{done: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(p.done)
		p.srv, p.err = sess.Read(rctx, measured)
	}()
	return p
}

// wait returns the read's result; abort cancels it first (the probe failed).
func (p *pendingRead) wait(abort bool) (*profile.Server, error) {
	if abort {
		p.cancel()
	}
	<-p.done
	p.cancel()
	if p.err != nil {
		return nil, fmt.Errorf("reading the server: %w", p.err)
	}
	return p.srv, nil
}
