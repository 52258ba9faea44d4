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

// TestAttachCaptureOtherHost: review r19, a capture of a server on
// another host (an RDS instance, ip-10-0-1-23) was sized to the memory of
// the machine mytune ran on with no word that it is another machine's;
// the note says so once, and not for the same host under its long name.
func TestAttachCaptureOtherHost(t *testing.T) {
	for _, c := range []struct {
		name, captured, here string
		notes                []string
		want                 int
	}{
		{"another host", "ip-10-0-1-23", "laptop", nil, 1},
		{"the same host, long name", "db1.example.com", "DB1", nil, 0},
		{"no hostname captured", "", "laptop", nil, 0},
		{"again, once", "ip-10-0-1-23", "laptop", []string{capturedHostPrefix + "old, ..."}, 1},
	} {
		p := &profile.Profile{Host: profile.Host{Hostname: c.here}, Storage: profile.Storage{Path: "/data", Notes: c.notes}}
		attachCapture(p, &profile.Server{Reachable: true, Datadir: "/data/", Variables: map[string]string{"hostname": c.captured}})
		if n := strings.Count(strings.Join(p.Storage.Notes, "\n"), capturedHostPrefix); n != c.want {
			t.Errorf("%s: %d host notes in %q, want %d", c.name, n, p.Storage.Notes, c.want)
		}
	}
}
