package render

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// fakeClock returns a clock that advances by the given steps on each call.
func fakeClock(start time.Time, steps ...time.Duration) func() time.Time {
	t, i := start, 0
	return func() time.Time {
		if i < len(steps) {
			t = t.Add(steps[i])
			i++
		}
		return t
	}
}

func TestProgress(t *testing.T) {
	cases := []struct {
		name      string
		enabled   bool
		steps     []time.Duration // clock advance before each Update
		wantDraws int
	}{
		{"disabled writes nothing", false, []time.Duration{0, time.Second}, 0},
		{"first update draws", true, []time.Duration{0}, 1},
		{"updates within 100ms are dropped", true, []time.Duration{0, 30 * time.Millisecond, 30 * time.Millisecond}, 1},
		{"updates 100ms apart both draw", true, []time.Duration{0, 100 * time.Millisecond}, 2},
		{"a burst then a pause", true, []time.Duration{0, 10 * time.Millisecond, 150 * time.Millisecond, time.Millisecond}, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := NewProgress(&buf, c.enabled)
			p.now = fakeClock(time.Unix(0, 0), c.steps...)
			for range c.steps {
				p.Update("rand write 4 threads", 3200*time.Millisecond, 10*time.Second, "26.8k IOPS")
			}
			if got := strings.Count(buf.String(), "measuring "); got != c.wantDraws {
				t.Errorf("drew %d times, want %d: %q", got, c.wantDraws, buf.String())
			}
			before := buf.Len()
			p.Done()
			switch {
			case !c.enabled && buf.Len() != 0:
				t.Errorf("disabled progress wrote %q", buf.String())
			case c.enabled && !strings.HasSuffix(buf.String(), clearLine):
				t.Errorf("Done did not clear the line: %q", buf.String()[before:])
			}
		})
	}
}

func TestProgressLine(t *testing.T) {
	cases := []struct {
		name           string
		phase, figure  string
		elapsed, total time.Duration
		want           string
	}{
		{"mid phase", "seq write", "1.3 GB/s", 3200 * time.Millisecond, 10 * time.Second,
			"measuring seq write  3.2s / 10s  [======              ]  1.3 GB/s"},
		{"zero total does not divide", "fsync", "", time.Second, 0,
			"measuring fsync  1s / 0s  [                    ]"},
		{"overrun is capped", "rand read", "9k IOPS", 12 * time.Second, 10 * time.Second,
			"measuring rand read  12s / 10s  [====================]  9k IOPS"},
		{"control characters are blanked", "a\x1b[2Jb", "", 0, time.Second,
			"measuring a [2Jb  0s / 1s  [                    ]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := progressLine(c.phase, c.elapsed, c.total, c.figure)
			if got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	long := progressLine(strings.Repeat("x", 200), time.Second, time.Second, "")
	if n := len([]rune(long)); n > progressWidth {
		t.Errorf("long phase gives a %d-cell line, max %d", n, progressWidth)
	}
}

// TestProgressTerminal: the line fits the terminal it is drawn on and,
// under TERM=dumb, carries no escape sequence (review r18: a 40-column pty
// got 65-68-cell lines, each redraw leaving a wrapped row behind, and a
// dumb one "^[[K" before every redraw).
func TestProgressTerminal(t *testing.T) {
	for _, tc := range []struct {
		name      string
		cols      int
		dumb      bool
		wantWidth int
	}{
		{"80 columns", 80, false, 79},
		{"40 columns", 40, false, 39},
		{"20 columns, dumb", 20, true, 19},
		{"width unknown", 0, false, progressWidth},
		{"wider than 80", 200, false, progressWidth},
		{"dumb, width unknown", 0, true, progressWidth},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			p := NewProgress(&buf, true).ForTerminal(tc.cols, tc.dumb)
			p.now = fakeClock(time.Unix(0, 0), 0, time.Second, time.Second)
			p.Update("rand write 16 threads", 3200*time.Millisecond, 10*time.Second, "26.8k IOPS")
			p.Update("seq read", 4*time.Second, 10*time.Second, "1.3 GB/s")
			p.Done()
			out := buf.String()
			if tc.dumb && strings.Contains(out, "\x1b") {
				t.Errorf("TERM=dumb got an escape sequence: %q", out)
			}
			for _, seg := range strings.Split(out, "\r") {
				if seg = strings.TrimPrefix(seg, "\x1b[K"); len([]rune(seg)) > tc.wantWidth {
					t.Errorf("a %d-cell line on %d columns: %q", len([]rune(seg)), tc.cols, seg)
				}
			}
			if !strings.Contains(out, "measuring seq read") {
				t.Errorf("the second phase was not drawn: %q", out)
			}
			segs := strings.Split(out, "\r")
			end := segs[len(segs)-1]
			if tc.dumb {
				end = strings.TrimSpace(segs[len(segs)-2]) + end
			}
			if end != "" && end != "\x1b[K" {
				t.Errorf("Done did not blank the line: %q", out)
			}
		})
	}
}
