package rules

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestHumanFractionalBytes: a rate below 1 KiB/s is said as the number
// used, not cut to whole bytes (review r14: "The server wrote 1 B/s of
// redo …; 1 hour of that is 4.9 KiB" for 1.4068 B/s, the hour being
// 1.4068 x 3600 = 5064 B).
func TestHumanFractionalBytes(t *testing.T) {
	cases := []struct {
		in   any
		want string
	}{
		{1.4068255034900412, "1.4 B"},
		{89.6, "90 B"},
		{0.4, "0.4 B"},
		{2.0, "2 B"},
		{1023.7, "1.0 KiB"},
		{uint64(512), "512 B"},
		{1536.0, "1.5 KiB"},
	}
	for _, c := range cases {
		if got := (Env{}).Human(c.in); got != c.want {
			t.Errorf("Human(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestRedoSizingTextHourMatchesRate: the hour of redo the text states is
// the stated rate times 3600, within the rounding the rate is shown with.
func TestRedoSizingTextHourMatchesRate(t *testing.T) {
	th, err := DefaultThresholds()
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`wrote ([0-9.]+) B/s of redo .*; 1 hour of that is ([0-9.]+) KiB\.`)
	for _, rate := range []float64{1.4068255034900412, 0.9, 89.6, 7.25, 250.3} {
		f := Facts{HasServer: true, StatusRead: true, UptimeS: 1, RedoBytesPerS: rate, RedoRateBasis: "sampled"}
		s := (Env{F: f, T: th}).RedoSizingText()
		m := re.FindStringSubmatch(s)
		if m == nil {
			t.Fatalf("rate %v: no rate and hour in %q", rate, s)
		}
		shown, _ := strconv.ParseFloat(m[1], 64)
		hourKiB, _ := strconv.ParseFloat(m[2], 64)
		half := 0.5 // the rate's last shown digit, halved
		if strings.Contains(m[1], ".") {
			half = 0.05
		}
		if lo, hi := (shown-half)*3600/1024, (shown+half)*3600/1024; hourKiB < math.Floor(lo*10)/10 || hourKiB > math.Ceil(hi*10)/10 {
			t.Errorf("rate %v: text says %s B/s but an hour of %s KiB (%.1f–%.1f KiB for that rate)", rate, m[1], m[2], lo, hi)
		}
	}
}
