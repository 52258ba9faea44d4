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

// TestBudgetNoteRoundsTheSlice: the step's time reads as a person writes
// it. Review r61 saw "before its 3.996980621s" in a live calibrate's notes
// (the slice as the clock left it, to the nanosecond).
func TestBudgetNoteRoundsTheSlice(t *testing.T) {
	cases := []struct {
		name, want, not string
		slice           time.Duration
	}{
		{"a slice a hair under 4 s", "before its 4s:", "3.99", 3996980621 * time.Nanosecond},
		{"a slice with hundredths", "before its 4.43s:", "4.433", 4433013851 * time.Nanosecond},
		{"a round slice stays as it is", "before its 2s:", "2.0", 2 * time.Second},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := budgetNote(Options{}, 2, 51<<20, c.slice)
			if !strings.Contains(got, c.want) || strings.Contains(got, c.not) {
				t.Errorf("%q: want %q, not %q", got, c.want, c.not)
			}
		})
	}
}
