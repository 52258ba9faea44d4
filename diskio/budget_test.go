package diskio

import (
	"errors"
	"strings"
	"testing"
)

func TestBudget(t *testing.T) {
	const GiB = 1 << 30
	tests := []struct {
		name     string
		free     uint64
		max      uint64
		want     uint64
		wantNote string // substring; "" means no note
		wantErr  bool
		wantIs   error // the sentinel the error wraps; nil means ErrNoSpace
	}{
		{name: "plenty of space: 25% of the write budget", free: 100 * GiB, max: 256 * MiB, want: 64 * MiB},
		{name: "zero maxBytes means the default", free: 100 * GiB, max: 0, want: 64 * MiB},
		{name: "5% rule shrinks", free: 1 * GiB, max: 256 * MiB, want: 51 * MiB, wantNote: "shrunk from 64 MiB to 51 MiB"},
		{name: "5% rule exactly at the minimum", free: 320 * MiB, max: 256 * MiB, want: 16 * MiB, wantNote: "5% of the 320.0 MiB free"},
		{name: "tiny free space is refused", free: 100 * MiB, max: 256 * MiB, wantErr: true},
		{name: "no free space is refused", free: 0, max: 256 * MiB, wantErr: true},
		{name: "maxBytes below the minimum is refused", free: 100 * GiB, max: 8 * MiB, wantErr: true, wantIs: ErrBudgetTooSmall},
		{name: "maxBytes just below 64 MiB is refused", free: 100 * GiB, max: 63 * MiB, wantErr: true, wantIs: ErrBudgetTooSmall},
		{name: "rounded down to whole MiB", free: 100 * GiB, max: 100*MiB + 12345, want: 25 * MiB},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, note, err := Budget(tc.free, tc.max)
			if tc.wantErr {
				want := tc.wantIs
				if want == nil {
					want = ErrNoSpace
				}
				if !errors.Is(err, want) {
					t.Fatalf("Budget(%d, %d) err = %v, want %v", tc.free, tc.max, err, want)
				}
				if !strings.Contains(err.Error(), "MiB") {
					t.Errorf("error %q does not say how much space is needed", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Budget(%d, %d) unexpected error %v", tc.free, tc.max, err)
			}
			if got != tc.want {
				t.Errorf("Budget(%d, %d) = %d MiB, want %d MiB", tc.free, tc.max, got/MiB, tc.want/MiB)
			}
			if (tc.wantNote == "") != (note == "") || !strings.Contains(note, tc.wantNote) {
				t.Errorf("note = %q, want one containing %q", note, tc.wantNote)
			}
		})
	}
}

func TestBudgetRefusalSaysHowMuch(t *testing.T) {
	_, _, err := Budget(100*MiB, 256*MiB)
	if err == nil || !strings.Contains(err.Error(), "free at least 320 MiB, or give --no-measure") {
		t.Fatalf("err = %v, want it to ask for 320 MiB free or --no-measure", err)
	}
}
