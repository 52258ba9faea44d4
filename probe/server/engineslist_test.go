package server

import (
	"slices"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestEnginesAvailableLive: with a dump that names engines the test
// MariaDB's SHOW ENGINES is read, its default engine first (InnoDB), the
// engines it has (MyISAM, Aria) listed and a plugin it has not loaded
// (ARCHIVE, not loaded by default on 10.11.19) absent; without a dump's
// engines it is not read.
func TestEnginesAvailableLive(t *testing.T) {
	srv := testmariadb.Shared(t)
	cases := []struct {
		name    string
		engines []string
		read    bool
	}{
		{"a dump naming engines", []string{"InnoDB", "ARCHIVE"}, true},
		{"no dump", nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn := fullConn(t, srv.Socket)
			conn.Ask = NamesAsked{Engines: c.engines}
			s, err := Read(t.Context(), conn)
			if err != nil {
				t.Fatal(err)
			}
			if !c.read {
				if s.EnginesAvailable != nil {
					t.Errorf("read without a dump: %v", s.EnginesAvailable)
				}
				return
			}
			l := s.EnginesAvailable
			if len(l) == 0 || l[0] != "InnoDB" || !slices.Contains(l, "MyISAM") || !slices.Contains(l, "Aria") || slices.Contains(l, "ARCHIVE") {
				t.Errorf("engines %v: want InnoDB first, MyISAM and Aria, no ARCHIVE (unread %q)", l, s.Unread)
			}
		})
	}
}
