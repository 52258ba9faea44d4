package rules

import (
	"strings"
	"testing"
)

// TestMaxConnectionsRefusedReaderAtPeak: the reader's own connections are
// taken off Max_used_connections when the peak is now, so an application
// one session short of max_connections is not "reached" by mytune's
// session (seen live on MariaDB 10.11.19: max_connections 10, nine idle
// application sessions and mytune's made Max_used_connections 10, none
// refused, and the rule advised 15); a peak reached at another time
// counts whole, and refused clients fire whatever the peak.
func TestMaxConnectionsRefusedReaderAtPeak(t *testing.T) {
	for _, tc := range []struct {
		name               string
		maxUsed, connected string // Max_used_connections, Threads_connected ("" not reported)
		readers            int    // profile.Server.ReaderConnections
		refused            string // Connection_errors_max_connections
		fires              bool
		want               []string
	}{
		{"seen live: nine sessions beside mytune at 10: not reached", "10", "10", 1, "0", false, nil},
		{"ten sessions, mytune in the extra SUPER slot: reached", "11", "11", 1, "0", true,
			[]string{"the server reached it: it has had 10 connections at once besides the session that read its status (Max_used_connections 11, reached as it was read)"}},
		{"mytune held two connections at the peak: nine others", "11", "11", 2, "0", false, nil},
		{"10 at once earlier, 3 connected now: counted whole", "10", "3", 1, "0", true,
			[]string{"it has had up to 10 connections at once (Max_used_connections; 3 connected as it was read)"}},
		{"Threads_connected not reported: counted whole", "10", "", 1, "0", true,
			[]string{"it has had up to 10 connections at once (Max_used_connections)"}},
		{"clients refused, nine beside mytune now", "10", "10", 1, "4", true,
			[]string{"4 connection attempts were refused for it (Connection_errors_max_connections): it has had 9 connections at once besides"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			all(setVersion("mariadb", "10.11.19"), setVar("max_connections", "10"), setStatus("max_used_connections", tc.maxUsed),
				setStatus("connection_errors_max_connections", tc.refused))(&p)
			if tc.connected != "" {
				p.Server.Status["threads_connected"] = tc.connected
			}
			p.Server.ReaderConnections = tc.readers
			h, ok := fired(t, p, "strict", "")["memory.max_connections_refused"]
			if ok != tc.fires {
				t.Fatalf("fired %v, want %v: %s", ok, tc.fires, h.RenderedDetail)
			}
			for _, w := range tc.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail lacks %q: %s", w, h.RenderedDetail)
				}
			}
		})
	}
}
