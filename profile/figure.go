package profile

import (
	"fmt"
	"strconv"
)

// Figure renders a measured rate (MB/s) for a sentence: whole numbers from
// 10 up, two significant digits below, so a slow card's 0.5 MB/s or a
// failing one's 0.04 MB/s is not printed as 0 (review r16: "0 MB/s
// sequential writes" in the verdict of a card measured at 0.5 MB/s).
func Figure(v float64) string {
	if v > 0 && v < 10 {
		return strconv.FormatFloat(v, 'g', 2, 64)
	}
	return fmt.Sprintf("%.0f", v)
}
