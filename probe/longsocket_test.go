package probe

import (
	"strings"
	"testing"
)

// TestSocketCheckLongPath: a socket path past 107 bytes is named as the
// reason, with a shorter way to it; a path that fits keeps the usual
// checks (review r11: a 124-byte path was told "check that the server
// runs").
func TestSocketCheckLongPath(t *testing.T) {
	long := "/var/tmp/" + strings.Repeat("L", 100) + "/s.sock"
	fits := "/var/tmp/" + strings.Repeat("L", 91) + "/s.sock" // 107 bytes
	cases := []struct {
		name, addr, tried string
		has, not          string
	}{
		{"116 bytes", long, "unix " + long + ": dial unix " + long + ": connect: invalid argument",
			"it is 116 bytes and a Unix socket address holds at most 107", "that the server runs and"},
		{"107 bytes fit", fits, "unix " + fits + ": dial unix " + fits + ": connect: no such file or directory",
			"that the server runs and " + fits + " is its socket", "holds at most"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := socketCheck(c.addr, []string{c.tried})
			if !strings.Contains(got, c.has) || strings.Contains(got, c.not) {
				t.Errorf("socketCheck(%d bytes) = %q, want %q and not %q", len(c.addr), got, c.has, c.not)
			}
		})
	}
}
