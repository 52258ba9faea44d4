package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/server"
)

// TestDatadirFromServerRefusals: without --datadir, mytune measures only
// the datadir of a server on this machine; otherwise --datadir is required
// (exit 2) and the message says why. The reachable, local case runs
// against a real server in test/e2e (TestProbeDatadirFromServer).
func TestDatadirFromServerRefusals(t *testing.T) {
	cases := []struct {
		name string
		args []string
		dial serverDial
		want string
	}{
		{"--no-server", []string{"--no-server"}, serverDial{}, "with --no-server there is no server"},
		{"nothing answered", nil, serverDial{notFound: server.NotReached(&server.UnreachableError{})}, "no server answered"},
		{"server on another machine", nil, serverDial{sess: &server.Session{Endpoint: server.Endpoint{Net: "tcp", Addr: "192.0.2.7:3306"}}},
			"the server at tcp 192.0.2.7:3306 is on another machine"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _, stderr := newServerFlagsApp(t, c.args, "")
			_, err := a.datadirFromServer(context.Background(), c.dial)
			if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "--datadir is required: "+c.want) {
				t.Fatalf("err = %v (exit %d), want a usage error with %q", err, exitCode(err), c.want)
			}
			if stderr.Len() != 0 {
				t.Errorf("nothing is measured, so nothing may be announced: %q", stderr.String())
			}
		})
	}
}

// TestDialServerDiscoveryOffGap: with discovery off and no server named,
// the gap says why no server was looked for.
func TestDialServerDiscoveryOffGap(t *testing.T) {
	t.Setenv(server.DiscoveryEnv, "off")
	a, cmd, _ := newServerFlagsApp(t, nil, "")
	dial, err := a.dialServer(context.Background(), cmd)
	if err != nil || dial.sess != nil || dial.notFound == nil {
		t.Fatalf("dial = %+v, err = %v", dial, err)
	}
	if want := "no server looked for: MYTUNE_DISCOVERY is off and no server flag was given"; dial.notFound.Error != want {
		t.Errorf("gap %q, want %q", dial.notFound.Error, want)
	}
}
