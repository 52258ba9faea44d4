package advisor

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRestoreOnBeds re-advises from profiles captured by the end-to-end
// restore bench and holds the plan against the restores measured on
// following it (loaded: the loader exits; settled: loaded + the clean
// shutdown right after), each figure from the doc named. These runs were
// seen while the page-cache setting and its estimate were written, so
// this is a check that the plan still says what was measured, not
// held-out evidence (testdata/heldout/ is that).
func TestRestoreOnBeds(t *testing.T) {
	cases := []struct {
		name, file      string
		cnf             string    // the page-cache line the plan must carry ("" none)
		loaded, settled []float64 // seconds, per rep
	}{
		// settle-buffered.md, "hdd bed, the advice with and without its page-cache line": the advice as printed
		{name: "hdd, 2.8G free", file: "buffered-hdd.profile.json", cnf: "innodb_flush_method = fsync",
			loaded: []float64{9.6, 9.8, 9.2}, settled: []float64{15.6, 15.8, 15.2}},
		// restore-e2e.md, "Card bed, 1.8G free": the re-run with a4e86b3
		{name: "card, 1.8G free", file: "buffered-card-1.8G.profile.json", cnf: "innodb_flush_method = fsync",
			loaded: []float64{16.5, 16.2, 16.8, 17.0, 17.2}, settled: []float64{35.5, 35.2, 35.8, 34.0, 35.3}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			var f struct {
				Provenance string          `json:"provenance"`
				Profile    profile.Profile `json:"profile"`
			}
			if err := json.Unmarshal(b, &f); err != nil || f.Provenance == "" {
				t.Fatalf("%s: %v (provenance %q)", tc.file, err, f.Provenance)
			}
			a, err := Advise(f.Profile, AdviseOptions{Task: "load", Durability: "strict"})
			if err != nil {
				t.Fatal(err)
			}
			th := a.Threads
			if len(th.Temporary) == 0 || th.Temporary[0].Cnf != tc.cnf {
				t.Errorf("first during-load setting %+v, want the my.cnf line %q", th.Temporary, tc.cnf)
			}
			for _, r := range []struct {
				what string
				lo   float64
				hi   float64
				got  []float64
			}{
				{"loaded", th.EstimatedLoad.Low.Seconds(), th.EstimatedLoad.High.Seconds(), tc.loaded},
				{"settled", th.EstimatedSettled.Low.Seconds(), th.EstimatedSettled.High.Seconds(), tc.settled},
			} {
				in := 0
				for _, x := range r.got {
					if x >= r.lo && x <= r.hi {
						in++
					}
				}
				if 10*in < 8*len(r.got) {
					t.Errorf("%s: %.0f–%.0f s contains %d of %d measured %v (below 80%%)", r.what, r.lo, r.hi, in, len(r.got), r.got)
				}
			}
		})
	}
}
