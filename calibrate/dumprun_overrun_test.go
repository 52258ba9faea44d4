package calibrate

import (
	"strings"
	"testing"
	"time"
)

// TestOverranNote: a run that took more than a tenth over --duration says
// so (QA: --duration 1s ran 22 s, silently).
func TestOverranNote(t *testing.T) {
	for _, c := range []struct {
		name     string
		wallS    float64
		duration time.Duration
		steps    int
		want     string
	}{
		{"1s asked, 22 s taken", 22, time.Second, 15, "the run took 22.0 s, more than the --duration 1s it was given: its 15 steps take at least 1s each"},
		{"within a tenth", 59, 55 * time.Second, 15, ""},
		{"no duration", 30, 0, 15, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := overranNote(c.wallS, c.duration, c.steps)
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
