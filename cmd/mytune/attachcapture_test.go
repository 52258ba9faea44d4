package main

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAttachCaptureNoteOnce: advise --from an advice saved with
// --variables, with --variables again, printed "the captured server's
// datadir is …" twice (review r17); the capture read now says it once,
// and none when it matches the directory measured.
func TestAttachCaptureNoteOnce(t *testing.T) {
	const earlier = "the captured server's datadir is /srv/old/; the figures are this machine's disk under /data"
	for _, c := range []struct {
		name, datadir string
		notes         []string
		want          int
	}{
		{"first run", "/var/lib/mysql/", nil, 1},
		{"again, the same capture", "/var/lib/mysql/", []string{"budget", earlier}, 1},
		{"again, a capture of the directory measured", "/data/", []string{"budget", earlier}, 0},
	} {
		p := &profile.Profile{Storage: profile.Storage{Path: "/data", Notes: c.notes}}
		attachCapture(p, &profile.Server{Reachable: true, Datadir: c.datadir})
		if n := strings.Count(strings.Join(p.Storage.Notes, "\n"), capturedNotePrefix); n != c.want {
			t.Errorf("%s: %d capture notes in %q, want %d", c.name, n, p.Storage.Notes, c.want)
		}
	}
}
