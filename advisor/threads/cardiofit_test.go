package threads

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestCardIOFit: on the fit shapes' restores on the card bed (2, 8 and 32
// tables of the same ~152 MB, and 32 tables of 3.4 and 6.8 MiB; 100 write
// IOPS, 20 MB/s), the estimate from
// the profile the sweep probed, with what the runs had (the advised 17G
// pool, the 512M redo log that holds the load), contains ≥ 80% of the runs,
// the held-out bar, and every run is within 10% of it (as TestLatencyFit;
// each run outside is logged with its figures). A check of the fit (the
// write-I/O term's IOsPerSync, LoadIOsPerDumpMB, GrowthSyncsPer4x and
// GrowthFlatFromMiB are chosen on these runs), not evidence: testdata/heldout/ judges it.
func TestCardIOFit(t *testing.T) {
	files, err := filepath.Glob("testdata/card-io-fit/*.json")
	if err != nil || len(files) != 5 {
		t.Fatalf("want the 5 card-io-fit files, got %v (%v)", files, err)
	}
	in, all := 0, 0
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var f latencyFit // the same held-out format
		if err := json.Unmarshal(b, &f); err != nil || f.Provenance["shape"] == "" || len(f.Cells) != 1 {
			t.Fatalf("%s: %v (shape %q, %d cells)", name, err, f.Provenance["shape"], len(f.Cells))
		}
		c := f.Cells[0]
		for _, n := range sortedThreads(t, c.Runs) {
			p := c.Profile
			e := estimateLoad(&p, n, 2, pool{bytes: 17 << 30, from: "advised", redo: 512 << 20})
			for i, sec := range c.Runs[strconv.Itoa(n)] {
				t.Run(fmt.Sprintf("%s %d threads rep %d", filepath.Base(name), n, i+1), func(t *testing.T) {
					all++
					switch lo, hi := e.Low.Seconds(), e.High.Seconds(); {
					case sec >= lo && sec <= hi:
						in++
					case sec < 0.9*lo || sec > 1.1*hi:
						t.Errorf("%.1f s more than 10%% outside the estimate %v–%v (%s)", sec, e.Low, e.High, e.Basis)
					default:
						t.Logf("outside the estimate %v–%v by under 10%%: %.1f s", e.Low, e.High, sec)
					}
				})
			}
		}
	}
	if all != 18 {
		t.Fatalf("%d card-io-fit runs, want the 18 of the five files (the three shapes: 2 reps at 1 and 8 threads, and few2's printed 6; many32x4 at 6k and 12k rows: 2 at the printed 8)", all)
	}
	if 10*in < 8*all {
		t.Errorf("the estimate contains %d of %d card-io-fit runs (below 80%%)", in, all)
	}
	t.Logf("the estimate contains %d of %d card-io-fit runs", in, all)
}
