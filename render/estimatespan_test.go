package render

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/advisor/threads"
)

// TestEstimateSpan: a range whose ends round to the same figure keeps
// them apart (QA: skipext.sql's 217 s to 262 s printed "4m to 4m"); a
// range that reads as one already stays as estimateDur gives it.
func TestEstimateSpan(t *testing.T) {
	cases := []struct {
		name   string
		lo, hi time.Duration
		want   string
	}{
		{"minutes that round alike", 217 * time.Second, 262 * time.Second, "3m37s to 4m22s"},
		{"minutes that differ", 3 * time.Minute, 9 * time.Minute, "3m to 9m"},
		{"seconds", 19 * time.Second, 46 * time.Second, "19s to 46s"},
		{"tenths", 1500 * time.Millisecond, 3700 * time.Millisecond, "1.5s to 3.7s"},
		{"hours that round alike", 75 * time.Minute, 84 * time.Minute, "1h15m to 1h24m"},
		{"one figure, both ends", 5 * time.Minute, 5 * time.Minute, "5m to 5m"},
		// review r5: a tiny restore's "loaded in 0s to 200ms" (low_s 0)
		{"a low end of nothing", 0, 200 * time.Millisecond, "under 200ms"},
		{"a low end that rounds to nothing", 40 * time.Millisecond, 1200 * time.Millisecond, "under 1.2s"},
		{"both ends round to nothing", 0, 30 * time.Millisecond, "under 100ms"},
		// review r14: JSON high_s 68 printed "27s to 1m" beside the note's "1m8s", and 71 "28s to 1m"
		{"a minute and seconds is the seconds the JSON holds", 27 * time.Second, 68 * time.Second, "27s to 1m8s"},
		{"a minute and seconds, both ends", 67 * time.Second, 71 * time.Second, "1m7s to 1m11s"},
		{"minutes and seconds", 127 * time.Second, 236 * time.Second, "2m7s to 3m56s"},
		{"from an hour: the low end down, the high end up, to the minute", 75*time.Minute + 40*time.Second, 84*time.Minute + 10*time.Second, "1h15m to 1h25m"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := estimateSpan(c.lo, c.hi); got != c.want {
				t.Errorf("estimateSpan(%v, %v) = %q, want %q", c.lo, c.hi, got, c.want)
			}
		})
	}
}

// TestAdviceEstimateSpan: the report prints such a range apart in text
// and markdown.
func TestAdviceEstimateSpan(t *testing.T) {
	a := loadAdvice(t, "advice-sd.json")
	a.Threads.EstimatedLoad = threads.DurationRange{Low: 217 * time.Second, High: 262 * time.Second, Basis: "load basis"}
	cases := []struct{ format, want string }{
		{"text", "restore: loaded (the loader exits) in 3m37s to 4m22s. load basis"},
		{"markdown", "Estimated restore (loaded: the loader exits): 3m37s to 4m22s. load basis"},
	}
	for _, c := range cases {
		t.Run(c.format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Advice(&buf, a, Options{Format: c.format, Width: 80}); err != nil {
				t.Fatal(err)
			}
			if out := strings.Join(strings.Fields(buf.String()), " "); !strings.Contains(out, c.want) {
				t.Errorf("output lacks %q:\n%s", c.want, buf.String())
			}
		})
	}
}
