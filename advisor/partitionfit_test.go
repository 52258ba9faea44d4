package advisor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPartitionCreateTimeFit: the loads of nearly empty partitioned
// tables on the fast and latency beds (threads/testdata/partition-create-
// time-fit/: 6 tables of 1, 16 and 48 partitions, strict and relaxed) have
// their median inside the range the advice prints for their own profiles
// now, and every run within 10% of it. A check of the fit
// (threads.PartitionCreateSec was chosen on the fast bed's runs, the
// partitions' syncs counted as CreateDataSyncs one after another), not
// evidence: testdata/heldout/ judges it.
func TestPartitionCreateTimeFit(t *testing.T) {
	names, err := filepath.Glob("threads/testdata/partition-create-time-fit/*.json")
	if err != nil || len(names) != 8 {
		t.Fatalf("want the 8 partition-create-time-fit sweeps, got %d (%v)", len(names), err)
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var f struct {
				Cells []struct {
					Durability string `json:"durability"`
					Printed    struct {
						Threads int `json:"threads"`
					} `json:"printed"`
					Runs    map[string][]float64 `json:"runs_s"`
					Profile profile.Profile      `json:"profile"`
				} `json:"cells"`
			}
			if err := json.Unmarshal(b, &f); err != nil || len(f.Cells) != 1 {
				t.Fatalf("%v (%d cells)", err, len(f.Cells))
			}
			c := f.Cells[0]
			a, err := Advise(c.Profile, AdviseOptions{Task: "load", Durability: c.Durability})
			if err != nil {
				t.Fatal(err)
			}
			runs := append([]float64(nil), c.Runs[strconv.Itoa(c.Printed.Threads)]...)
			if a.Threads.Load.Threads != c.Printed.Threads || len(runs) == 0 {
				t.Fatalf("the advice now picks %d threads, the runs are at %d", a.Threads.Load.Threads, c.Printed.Threads)
			}
			sort.Float64s(runs)
			lo, hi := a.Threads.EstimatedLoad.Low.Seconds(), a.Threads.EstimatedLoad.High.Seconds()
			if med := runs[len(runs)/2]; med < lo || med > hi {
				t.Errorf("median %.2f s outside %.2f-%.2f s (%s)", med, lo, hi, a.Threads.EstimatedLoad.Basis)
			}
			for _, r := range runs {
				if r < 0.9*lo || r > 1.1*hi {
					t.Errorf("run %.2f s more than 10%% outside %.2f-%.2f s", r, lo, hi)
				}
			}
			t.Logf("runs %.2f-%.2f s, the range %.2f-%.2f s", runs[0], runs[len(runs)-1], lo, hi)
		})
	}
}
