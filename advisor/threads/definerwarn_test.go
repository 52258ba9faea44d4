package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDefinerWarning: only a live target's answer that an account is
// missing warns, naming it as the server's ERROR 1449 does.
func TestDefinerWarning(t *testing.T) {
	cases := []struct {
		name  string
		known map[string]bool
		has   []string
	}{
		{"one missing", map[string]bool{"app@%": false, "root@localhost": true}, []string{"run as 'app'@'%', which", "that account", "ERROR 1449"}},
		{"two missing", map[string]bool{"a@%": false, "b@h": false}, []string{"'a'@'%', 'b'@'h'", "those accounts"}},
		{"all there", map[string]bool{"app@%": true}, nil},
		{"not asked", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Dump: &profile.Dump{Format: "mydumper"}, Server: &profile.Server{Reachable: true, DefinersKnown: c.known}}
			got := DefinerWarning(p)
			if len(c.has) == 0 && got != "" {
				t.Fatalf("warning %q, want none", got)
			}
			for _, h := range c.has {
				if !strings.Contains(got, h) {
					t.Errorf("warning lacks %q: %q", h, got)
				}
			}
		})
	}
}
