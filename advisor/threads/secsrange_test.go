package threads

import "testing"

// TestSecsRange: long spans in whole seconds, short ones in tenths or two
// significant figures (review r16: "16994.0–22237.0 s" on a Pi's card).
func TestSecsRange(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   string
	}{
		{0.12, 0.15, "0.12–0.15 s"},
		{2.7, 4.4, "2.7–4.4 s"},
		{28.04, 39.0, "28.0–39.0 s"},
		{16994, 22237, "16994–22237 s"},
		{13611, 13611, "13611 s"},
		{99.9, 100.2, "99.9–100 s"},
	}
	for _, tc := range tests {
		if got := secsRange(tc.lo, tc.hi); got != tc.want {
			t.Errorf("secsRange(%v, %v) = %q, want %q", tc.lo, tc.hi, got, tc.want)
		}
	}
}

// TestCPUSecondsText: CPU-seconds in tenths below 100, whole above, with
// hours from an hour (review r16: "11343.2 CPU-seconds").
func TestCPUSecondsText(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{{4.26, "4.3"}, {99.9, "99.9"}, {250.4, "250"}, {11343.2, "11343 (3.2 hours of one CPU)"}} {
		if got := cpuSecondsText(c.in); got != c.want {
			t.Errorf("cpuSecondsText(%g) = %q, want %q", c.in, got, c.want)
		}
	}
}
