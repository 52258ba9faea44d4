package calibrate

import (
	"strings"
	"testing"
	"time"
)

// TestBudgetNote: a step cut short by its share says what gives it more:
// --max-bytes, or free space when the free space held the run below it.
func TestBudgetNote(t *testing.T) {
	cases := []struct {
		name, want, not string
		held            bool
	}{
		{"--max-bytes held it", "raise --max-bytes", "free space on the server", false},
		{"the free space held it", "free space on the server for a full step", "raise --max-bytes", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := budgetNote(Options{spaceHeld: c.held}, 4, 8<<20, 2*time.Second)
			if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
				t.Errorf("%q: want %q, not %q", got, c.want, c.not)
			}
		})
	}
}
