package threads

import "fmt"

// secsRange renders a range of seconds for a basis text: "0.12–0.15 s",
// "2.7–4.4 s", or one figure when both ends print the same ("0.1 s", not
// "0.1–0.1 s"); whole seconds from 100 s up (review r16: a Pi's card
// restoring 20940 tables printed "16994.0–22237.0 s" and "13611.0 s
// fixed"), tenths from 1 s, two significant figures below.
func secsRange(lo, hi float64) string {
	f := func(v float64) string {
		switch {
		case v < 1:
			return fmt.Sprintf("%.2g", v)
		case v >= 99.95:
			return fmt.Sprintf("%.0f", v)
		}
		return fmt.Sprintf("%.1f", v)
	}
	if a, b := f(lo), f(hi); a != b {
		return a + "–" + b + " s"
	}
	return f(hi) + " s"
}
