package diskio

import (
	"context"
	"slices"
	"testing"
	"time"
)

// placeFile is an ioFile that records where each write went and each
// truncation, for syncPlace.
type placeFile struct {
	ioFile
	events []int64 // write offsets; -1 for a truncation to empty
}

func (f *placeFile) WriteAt(p []byte, off int64) (int, error) {
	f.events = append(f.events, off)
	return len(p), nil
}

func (f *placeFile) Truncate(int64) error {
	f.events = append(f.events, -1)
	return nil
}

func TestSyncPlace(t *testing.T) {
	cases := []struct {
		name  string
		place syncPlace
		want  []int64
	}{
		{"overwrite wraps at the laid-out end", syncPlace{size: randBlock, limit: 2 * randBlock}, []int64{0, randBlock, 0, randBlock, 0}},
		{"append grows the file", syncPlace{size: 200, appending: true, limit: 1 << 20}, []int64{0, 200, 400, 600, 800}},
		{"append empties the file before passing its size", syncPlace{size: 300, appending: true, limit: 1000}, []int64{0, 300, 600, -1, 0, 300}},
		{"append exactly filling the file", syncPlace{size: 500, appending: true, limit: 1000}, []int64{0, 500, -1, 0, 500, -1, 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, p, buf := &placeFile{}, tc.place, make([]byte, randBlock)
			for range 5 {
				if err := p.write(f, buf); err != nil {
					t.Fatalf("write: %v", err)
				}
			}
			if !slices.Equal(f.events, tc.want) {
				t.Errorf("events = %v, want %v", f.events, tc.want)
			}
		})
	}
}

func TestAppendSize(t *testing.T) {
	cases := []struct {
		name string
		o    Options
		want int
	}{
		{"overwrite loop", Options{SyncOnly: true}, 0},
		{"full run ignores it", Options{AppendBytes: 200}, 0},
		{"a log's appends", Options{SyncOnly: true, AppendBytes: 200}, 200},
		{"at most one pool block", Options{SyncOnly: true, AppendBytes: 1 << 20}, randBlock},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := appendSize(tc.o); got != tc.want {
				t.Errorf("appendSize = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestRunSyncOnlyAppend: the appending loop lays nothing out, writes only
// its appends, and leaves nothing behind.
func TestRunSyncOnlyAppend(t *testing.T) {
	dir := t.TempDir()
	phases := map[string]bool{}
	o := Options{Dir: dir, Duration: time.Second, MaxBytes: MinBudgetBytes, FileBytes: 4 * MiB, SyncOnly: true, AppendBytes: 200,
		Progress: func(p Progress) { phases[p.Phase] = true }}
	r, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if r.Sync.Ops == 0 || r.Fdatasync.Ops != r.Sync.Ops {
		t.Errorf("Sync = %+v, Fdatasync = %+v: want the commit loop measured", r.Sync, r.Fdatasync)
	}
	if want := uint64(r.Sync.Ops) * 200; r.BytesWritten != want || r.FileBytes != 0 {
		t.Errorf("wrote %d bytes, laid out %d: want %d (the appends alone), 0", r.BytesWritten, r.FileBytes, want)
	}
	if phases[PhaseSeqWrite] || phases[PhaseRandWrite] || phases[PhaseSeqRead] {
		t.Errorf("phases %v ran: want the sync loop alone", phases)
	}
	assertEmpty(t, dir)
}
