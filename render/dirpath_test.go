package render

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPanelsDropTrailingSlash: @@datadir is "/var/lib/mysql/"; the SERVER
// and STORAGE panels print it without the slash (QA 16).
func TestPanelsDropTrailingSlash(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"server datadir with slash", "/srv/mysql/data/", "/srv/mysql/data"},
		{"several slashes", "/srv/mysql/data//", "/srv/mysql/data"},
		{"no slash kept", "/var/lib/mysql", "/var/lib/mysql"},
		{"root stays root", "/", "/"},
		{"empty is a dash", "", dash},
	}
	th := newTheme(Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := strings.Join(serverLines(th, &profile.Server{Datadir: c.in}), "\n")
			if !strings.Contains(srv, "datadir    "+c.want+"\n") {
				t.Errorf("server panel:\n%s\nwant datadir %q", srv, c.want)
			}
			st := strings.Join(storageLines(th, profile.Storage{Path: c.in}, 200), "\n")
			if c.in != "" && !strings.Contains(st, "path       "+c.want+" → mount") {
				t.Errorf("storage panel:\n%s\nwant path %q", st, c.want)
			}
		})
	}
}
