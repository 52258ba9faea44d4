package threads

import "testing"

// TestKilo: counts past a million are written in millions, not thousands
// of thousands (review r16: a 2 TiB host's settle said "50331.6k–90597.0k
// dirty pages" and its knee "196.6k → 1312.1k").
func TestKilo(t *testing.T) {
	tests := []struct {
		v    float64
		want string
	}{
		{150, "150"},
		{9832, "9.8k"},
		{999_949, "999.9k"},
		{999_950, "1.0M"},
		{1_312_080, "1.3M"},
		{50_331_648, "50.3M"},
	}
	for _, tc := range tests {
		if got := kilo(tc.v); got != tc.want {
			t.Errorf("kilo(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
