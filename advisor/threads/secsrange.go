package threads

import "fmt"

// secsRange renders a range of seconds for a basis text: "0.12–0.15 s",
// "2.7–4.4 s", or one figure when both ends print the same ("0.1 s", not
// "0.1–0.1 s"); tenths from 1 s up, two significant figures below.
func secsRange(lo, hi float64) string {
	f := func(v float64) string {
		if v < 1 {
			return fmt.Sprintf("%.2g", v)
		}
		return fmt.Sprintf("%.1f", v)
	}
	if a, b := f(lo), f(hi); a != b {
		return a + "–" + b + " s"
	}
	return f(hi) + " s"
}
