package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestCompareTiesAndUnknownTime: values within sameWithin are a tie in
// JSON as in text (no best), and a document without taken_at shows a gap,
// not year 1.
func TestCompareTiesAndUnknownTime(t *testing.T) {
	ssd := loadNamed(t, "ssd-vm.json")
	twin := loadNamed(t, "ssd-vm.json")
	twin.Name = "ssd-twin.json"
	twin.Profile.Storage.SeqWrite.MBPerS *= 1.02 // 2% apart: the same
	twin.Profile.TakenAt = time.Time{}           // a profile without taken_at
	cases := []struct {
		name, format string
		has, not     []string
	}{
		{"json: a tie names no best, an unknown time is null", "json",
			[]string{`"taken_at": null`}, []string{`0001-01-01`}},
		{"text: the tie says same, an unknown time says so", "text",
			[]string{"time unknown", "same"}, []string{"0001-01-01"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Compare(&buf, []Named{ssd, twin}, Options{Format: c.format, Width: 80}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			for _, h := range c.has {
				if !strings.Contains(out, h) {
					t.Errorf("output lacks %q:\n%s", h, out)
				}
			}
			for _, n := range c.not {
				if strings.Contains(out, n) {
					t.Errorf("output has %q:\n%s", n, out)
				}
			}
			if c.format != "json" {
				return
			}
			var doc struct {
				Rows []struct {
					Metric string   `json:"metric"`
					Ratio  *float64 `json:"ratio"`
					Best   *string  `json:"best"`
				} `json:"rows"`
			}
			if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			for _, r := range doc.Rows {
				if r.Metric == "seq_write_mb_per_s" && (r.Ratio == nil || r.Best != nil) {
					t.Errorf("seq write: ratio %v, best %v; want a ratio and no best (a tie)", r.Ratio, r.Best)
				}
			}
		})
	}
}
