package render

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestCompareNoise: a ratio under its row's repeat-probe noise names no
// better item, in both orders and for higher- and lower-is-better rows;
// one above it names the better one (review r60: one disk probed twice
// was called "1.6x A" on fsync p99 and "1.2x A" on seq read).
func TestCompareNoise(t *testing.T) {
	cases := []struct {
		name     string
		metric   string
		scale    float64 // B's figure = A's x scale
		wantBest bool
	}{
		{"commits 2.2x apart: inside 3.92x", "commits_per_s", 1 / 2.2, false},
		{"commits 59x apart: B worse, A better", "commits_per_s", 1.0 / 59, true},
		{"commits 59x apart: B better", "commits_per_s", 59, true},
		{"fsync p99 1.6x: inside 12.3x", "fsync_p99_us", 1.6, false},
		{"fsync p99 26x: lower wins", "fsync_p99_us", 26, true},
		{"rand write 16 thr 1.06x: inside 1.11x", "rand_write_iops_16", 1.06, false},
		{"rand write 16 thr 1.2x: outside 1.11x", "rand_write_iops_16", 1.2, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b := loadNamed(t, "ssd-vm.json"), loadNamed(t, "ssd-vm.json")
			b.Name = "twin.json"
			st := &b.Profile.Storage
			switch c.metric {
			case "commits_per_s":
				st.Fsync.OpsPerS *= c.scale
			case "fsync_p99_us":
				st.Fsync.P99US *= c.scale
			case "rand_write_iops_16":
				for i := range st.RandWrite {
					st.RandWrite[i].IOPS *= c.scale
				}
			}
			row := findRow(t, BuildComparison([]Named{a, b}), c.metric)
			if row.Ratio == nil {
				t.Fatal("no ratio")
			}
			if got := row.Best != ""; got != c.wantBest {
				t.Fatalf("ratio %.3f, noise %v: best %q, want a best: %v", *row.Ratio, row.NoiseRatio, row.Best, c.wantBest)
			}
			text := compareRowText(newTheme(Options{}), row, 18)
			if c.wantBest != !strings.Contains(text, "~") {
				t.Errorf("row text %q: want ~ only when inside the noise", text)
			}
		})
	}
}

// TestCompareHeadlineFigures: every figure and ratio the two-item
// sentences state is recomputed from the rows, in both orders, and the
// letter called better is the one whose figure is better.
func TestCompareHeadlineFigures(t *testing.T) {
	sd, ssd := loadNamed(t, "sdcard-pi.json"), loadNamed(t, "ssd-vm.json")
	cases := []struct {
		name  string
		items []Named
	}{
		{"card first", []Named{sd, ssd}},
		{"ssd first", []Named{ssd, sd}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmp := BuildComparison(c.items)
			text := strings.Join(strings.Fields(headline(cmp, 200)), " ")
			for _, h := range headlineRows {
				r := findRow(t, cmp, h.metric)
				a, b := r.Values[0].(float64), r.Values[1].(float64)
				ratio, best := max(a, b)/min(a, b), "A"
				if b > a {
					best = "B"
				}
				want := fmt.Sprintf("A (%s) %s", cmp.Rows[0].Values[0], cellText(r, a))
				want2 := fmt.Sprintf("B (%s) %s", cmp.Rows[0].Values[1], cellText(r, b))
				verdict := fmt.Sprintf(h.better, best, fmtRatio(ratio))
				for _, w := range []string{want, want2, verdict} {
					if !strings.Contains(text, w) {
						t.Errorf("%s: headline lacks %q:\n%s", h.metric, w, text)
					}
				}
			}
			r := findRow(t, cmp, "commits_per_s")
			half := fmt.Sprintf("half: %s/s and %s/s", fmtCount(r.Values[0].(float64)/2), fmtCount(r.Values[1].(float64)/2))
			if !strings.Contains(text, half) {
				t.Errorf("headline lacks %q:\n%s", half, text)
			}
		})
	}
}

// TestCompareHeadlineNotes: the same disk twice is called no better, a
// tmpfs ("memory") commit is said not to survive a reboot, and an
// unmeasured item says why in text and JSON.
func TestCompareHeadlineNotes(t *testing.T) {
	ssd, none := loadNamed(t, "ssd-vm.json"), loadNamed(t, "unmeasured.json")
	twin, mem := loadNamed(t, "ssd-vm.json"), loadNamed(t, "ssd-vm.json")
	twin.Profile.Storage.Fsync.OpsPerS /= 2.2
	mem.Profile.Storage.Class = "memory"
	cases := []struct {
		name, format string
		items        []Named
		has          []string
	}{
		{"one disk twice", "text", []Named{ssd, twin}, []string{"2.2x apart, inside repeat-probe noise", "so neither is better"}},
		{"tmpfs", "text", []Named{mem, ssd}, []string{"A keeps its files in memory: a commit there does not survive a reboot"}},
		{"unmeasured, text", "text", []Named{none, ssd}, []string{"not measured: no free space: /srv has 0 bytes free"}},
		{"unmeasured, json", "json", []Named{none, ssd}, []string{`"not_measured": "no free space: /srv has 0 bytes free`, `"noise_ratio": 3.92`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Compare(&buf, c.items, Options{Format: c.format, Width: 80}); err != nil {
				t.Fatal(err)
			}
			out := strings.Join(strings.Fields(buf.String()), " ")
			for _, h := range c.has {
				if !strings.Contains(out, h) {
					t.Errorf("output lacks %q:\n%s", h, buf.String())
				}
			}
		})
	}
}
