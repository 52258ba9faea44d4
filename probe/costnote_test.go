package probe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mytune/mytune/diskio"
)

// TestCostNote: a probe of a directory that holds a data directory says,
// before it measures, what it costs a server running there and how to
// make it lighter (review r22: on an SD-card-like bed a 4-thread sysbench
// on the datadir fell from ~115 to 21-45 transactions/s, p95 90 → 484 ms,
// for the ~8 s of the write steps, and nothing said so before the run).
func TestCostNote(t *testing.T) {
	live, empty := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(live, "ibdata1"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		dir     string
		o       Options
		want    []string
		notWant []string
	}{
		{"default budget", live, Options{Duration: 10 * time.Second, Measure: true},
			[]string{"(ibdata1 found)", "for about 10s", "up to 16 threads", "up to 256 MiB there", "up to 4 GiB",
				"a server running on it slows meanwhile", "--max-bytes 256MiB keeps the writes to that", "--no-measure skips it"}, nil},
		{"given --max-bytes", live, Options{Duration: 5 * time.Second, Measure: true, MaxBytes: 512 << 20},
			[]string{"for about 5s", "at most 512 MiB there (--max-bytes)", "a smaller --max-bytes (at least 64 MiB)"},
			[]string{"4 GiB"}},
		{"the smallest --max-bytes", live, Options{Duration: 10 * time.Second, Measure: true, MaxBytes: diskio.MinBudgetBytes},
			[]string{"at most 64 MiB there"}, []string{"smaller --max-bytes"}},
		{"no datadir there", empty, Options{Duration: 10 * time.Second, Measure: true}, nil, nil},
		{"--no-measure", live, Options{Duration: 10 * time.Second}, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := CostNote(c.dir, c.o)
			if (got == "") != (len(c.want) == 0) {
				t.Fatalf("CostNote = %q, want a note: %v", got, len(c.want) > 0)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("CostNote = %q, want %q in it", got, w)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(got, w) {
					t.Errorf("CostNote = %q, want no %q in it", got, w)
				}
			}
		})
	}
}

// TestGatherSaysTheCostBeforeMeasuring: Gather writes the cost note before
// the disk measurement's first progress, so a user reads it in time to
// stop the run; a directory without a datadir gets none.
func TestGatherSaysTheCostBeforeMeasuring(t *testing.T) {
	live, empty := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(live, "ibdata1"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		dir      string
		wantNote bool
	}{{live, true}, {empty, false}} {
		var mu sync.Mutex
		var events []string
		add := func(e string) { mu.Lock(); events = append(events, e); mu.Unlock() }
		o := GatherOptions{Options: Options{Datadir: c.dir, Duration: diskio.MinDuration, Measure: true, Roots: DefaultRoots,
			Progress: func(diskio.Progress) { add("progress") }}, NoServer: true,
			Notef: func(f string, args ...any) {
				if strings.Contains(f, "%s") && len(args) == 1 && strings.Contains(args[0].(string), "slows meanwhile") {
					add("cost")
				}
			}}
		if _, err := Gather(context.Background(), o); err != nil {
			t.Fatal(err)
		}
		mu.Lock()
		if c.wantNote && (len(events) < 2 || events[0] != "cost") {
			t.Errorf("%s: events %q, want the cost note first, then the measurement's progress", c.dir, events)
		}
		if !c.wantNote && len(events) > 0 && events[0] == "cost" {
			t.Errorf("%s holds no datadir, yet got the cost note", c.dir)
		}
		mu.Unlock()
	}
}
