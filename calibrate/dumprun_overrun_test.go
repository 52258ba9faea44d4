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
		took     runTimes
		duration time.Duration
		steps    int
		want     string
	}{
		{"1s asked, 22 s taken", runTimes{22, 20, 1}, time.Second, 15,
			"the run took 22.0 s, more than the --duration 1s it was given: its 15 steps take at least 1s each, the warm-up too; give a longer --duration (at least 21 s)"},
		// QA 18: 30 s is past the steps' floor (21 s); a longer duration
		// would not have helped, a shorter one by the overrun does.
		{"30s asked, 37 s taken", runTimes{37, 28.5, 3.5}, 30 * time.Second, 15,
			"the warm-up and steps ran 28.5 s of their 22.5 s share, the clean-up 3.5 s of 7.5 s, and 5.0 s went before the steps (not counted in the budget); a run ends about 7 s past --duration, so to finish within a time, give --duration that time less 7 s"},
		{"within a tenth", runTimes{59, 40, 5}, 55 * time.Second, 15, ""},
		{"no duration", runTimes{30, 20, 5}, 0, 15, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := overranNote(c.took, c.duration, c.steps)
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
