package render

import "testing"

// TestSecondsMatchesJSON: the text report's "written in" and calibrate's
// "in" durations print the JSON's duration_s (rounded to 2 decimals by the
// probe), not a truncation one millisecond short of it.
func TestSecondsMatchesJSON(t *testing.T) {
	for _, c := range []struct {
		in   float64
		want string
	}{
		{4.02, "4.02s"},
		{2.01, "2.01s"},
		{2.07, "2.07s"},
		{10.01, "10.01s"},
		{2, "2s"},
		{0.3, "300ms"},
		{45.1234, "45.123s"},
		{0, "0s"},
	} {
		if got := seconds(c.in); got != c.want {
			t.Errorf("seconds(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
