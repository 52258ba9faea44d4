package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSavedProfileNote: advise --from a profile with server flags read a
// server on another host (review r17: the Raspberry Pi profile of
// render/testdata with -h 127.0.0.1 -P 3500, a MariaDB on host "vm" whose
// datadir is /var/tmp/scr-r17/m1/data) and advised from the Pi's SD card
// without a word; the report must say the figures are not that server's.
func TestSavedProfileNote(t *testing.T) {
	pi := profile.Profile{Host: profile.Host{Hostname: "pi4-kitchen"}, Storage: profile.Storage{Path: "/var/lib/mysql"}}
	server := func(host, datadir string) *profile.Server {
		return &profile.Server{Reachable: true, Datadir: datadir, Variables: map[string]string{"hostname": host}}
	}
	for _, c := range []struct {
		name string
		srv  *profile.Server
		want string // "" = no note
	}{
		{"another host", server("vm", "/var/tmp/scr-r17/m1/data/"), "taken on host pi4-kitchen (measuring /var/lib/mysql); the server read now (tcp 127.0.0.1:3500) runs on vm"},
		{"the same host, another datadir", server("pi4-kitchen", "/srv/mysql/"), "measured /var/lib/mysql, not the datadir of the server read now (tcp 127.0.0.1:3500: /srv/mysql/)"},
		{"the same host and datadir (a trailing slash)", server("PI4-KITCHEN", "/var/lib/mysql/"), ""},
		{"no hostname, the same datadir", server("", "/var/lib/mysql"), ""},
		{"no hostname, no datadir", server("", ""), ""},
		{"not reachable", &profile.Server{Reachable: false}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := SavedProfileNote(pi, c.srv, "tcp 127.0.0.1:3500")
			if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
				t.Errorf("note %q, want one containing %q", got, c.want)
			}
		})
	}
}

// TestWithSavedProfileNote: an advice saved with the note and advised from
// again with server flags said it twice (review r17: three notes, two of
// them the same); the note read now replaces an earlier one, and a server
// that matches takes it out.
func TestWithSavedProfileNote(t *testing.T) {
	const earlier = "the saved profile was taken on host pi4-kitchen (measuring /var/lib/mysql); the server read now (tcp a:3306) runs on a"
	const now = "the saved profile was taken on host pi4-kitchen (measuring /var/lib/mysql); the server read now (tcp b:3306) runs on b"
	const budget = "budget shrunk to 128 MiB"
	for _, c := range []struct {
		name  string
		notes []string
		note  string
		want  []string
	}{
		{"first run", []string{budget}, now, []string{budget, now}},
		{"again, the same server", []string{budget, now}, now, []string{budget, now}},
		{"again, another server", []string{budget, earlier}, now, []string{budget, now}},
		{"again, a server that matches", []string{budget, earlier}, "", []string{budget}},
	} {
		got := WithSavedProfileNote(c.notes, c.note)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
