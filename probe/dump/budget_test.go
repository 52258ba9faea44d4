package dump

import (
	"testing"
	"time"
)

// TestBudget: a dump directory's read gets 30 s and 1 ms for each file it
// lists, so a dump of 100000 tables (200002 files: 34 s to read on this
// 2-core VM under load, review r16) is not cut off as a hung filesystem.
func TestBudget(t *testing.T) {
	tests := []struct {
		files int
		want  time.Duration
	}{
		{0, 30 * time.Second},
		{3, 30*time.Second + 3*time.Millisecond},
		{20_002, 50*time.Second + 2*time.Millisecond},
		{200_002, 230*time.Second + 2*time.Millisecond},
	}
	for _, tc := range tests {
		if got := Budget(tc.files); got != tc.want {
			t.Errorf("Budget(%d) = %v, want %v", tc.files, got, tc.want)
		}
	}
}
