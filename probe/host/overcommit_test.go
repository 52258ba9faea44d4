package host

import "testing"

// TestReadOvercommit: vm.overcommit_memory from a captured tree; "" when
// absent or not a mode.
func TestReadOvercommit(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"heuristic", "0\n", "0"},
		{"always", "1\n", "1"},
		{"strict", "2\n", "2"},
		{"junk", "x\n", ""},
		{"absent", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"meminfo": "MemTotal: 1024 kB\n"}
			if tc.body != "" {
				files["sys/vm/overcommit_memory"] = tc.body
			}
			if got := readOvercommit(procTree(t, files)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
