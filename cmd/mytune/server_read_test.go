package main

import (
	"context"
	"testing"

	"github.com/mytune/mytune/probe/server"
)

// TestDialServerDiscoveryOffGap: with discovery off and no server named,
// the gap says why no server was looked for.
func TestDialServerDiscoveryOffGap(t *testing.T) {
	t.Setenv(server.DiscoveryEnv, "off")
	a, cmd, _ := newServerFlagsApp(t, nil, "")
	dial, err := a.dialServer(context.Background(), cmd)
	if err != nil || dial.Session != nil || dial.NotFound == nil {
		t.Fatalf("dial = %+v, err = %v", dial, err)
	}
	if want := "no server looked for: MYTUNE_DISCOVERY is off and no server flag was given"; dial.NotFound.Error != want {
		t.Errorf("gap %q, want %q", dial.NotFound.Error, want)
	}
}
