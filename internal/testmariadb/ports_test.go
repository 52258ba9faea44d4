package testmariadb

import "testing"

// TestFreePortRange: with MYTUNE_TEST_PORTS set, the port comes from its
// range; a malformed range is an error that says how to write it.
func TestFreePortRange(t *testing.T) {
	cases := []struct {
		name, spec string
		lo, hi     int
		wantErr    bool
	}{
		{"unset: any port", "", 1, 65535, false},
		{"a range", "36500-36599", 36500, 36599, false},
		{"one port", "36598-36598", 36598, 36598, false},
		{"not a range", "36500", 0, 0, true},
		{"reversed", "36599-36500", 0, 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(PortsEnv, c.spec)
			p, err := freePort()
			switch {
			case c.wantErr && err == nil:
				t.Fatalf("port %d, want an error", p)
			case !c.wantErr && err != nil:
				t.Fatal(err)
			case !c.wantErr && (p < c.lo || p > c.hi):
				t.Errorf("port %d outside %d-%d", p, c.lo, c.hi)
			}
		})
	}
}
