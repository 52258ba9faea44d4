package stats

import "testing"

// TestMedian: odd, even, one and no values; the input is left unsorted.
func TestMedian(t *testing.T) {
	in := []float64{4, 1, 3, 2}
	for _, c := range []struct {
		v    []float64
		want float64
	}{{[]float64{3, 1, 2}, 2}, {in, 2.5}, {[]float64{7}, 7}, {nil, 0}} {
		if got := Median(c.v); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.v, got, c.want)
		}
	}
	if in[0] != 4 {
		t.Errorf("Median sorted its input: %v", in)
	}
}
