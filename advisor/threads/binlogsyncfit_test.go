package threads

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// binlogSyncFit is one file of testdata/binlog-sync-fit/: the skipped and
// the written load of one mysqldump file, 3 reps each.
type binlogSyncFit struct {
	Cells []struct {
		Cell    string               `json:"cell"`
		Runs    map[string][]float64 `json:"runs_s"`
		Profile profile.Profile      `json:"profile"`
	} `json:"cells"`
}

// TestBinlogSyncFit checks binlogSyncCost against its fit data: each rep's
// written load less the skipped one of the same rep, within the cost's
// fast and slow ends for the cells of 130 syncs, the median for F5's 33
// and the bandwidth-capped bed's F6 (whose reps' noise is ±0.8 p50 and
// ±0.5 I/O a sync: README); F7's written load pays for the log's bytes
// (amps' +1x the SQL), not its 33 syncs: its median must be no less than
// the syncs' fast end. The statement counts are mytune's scan of each
// run's dump (README): the profiles predate it.
func TestBinlogSyncFit(t *testing.T) {
	counts := map[string][2]int{ // INSERT statements, schema statements
		"F1": {25, 105}, "F2": {25, 105}, "F3": {25, 105}, "F4": {25, 105}, "F5": {16, 17}, "F6": {25, 105}, "F7": {16, 17},
	}
	names, err := filepath.Glob(filepath.Join("testdata", "binlog-sync-fit", "*.json"))
	if err != nil || len(names) != len(counts) {
		t.Fatalf("want the %d binlog-sync-fit files, got %v (%v)", len(counts), names, err)
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var f binlogSyncFit
			if err := json.Unmarshal(b, &f); err != nil || len(f.Cells) != 2 {
				t.Fatalf("%v (%d cells)", err, len(f.Cells))
			}
			skip, written := f.Cells[0].Runs["1"], f.Cells[1].Runs["1"]
			if f.Cells[0].Cell != "c1-skip" || f.Cells[1].Cell != "c1-written" || len(skip) != 3 || len(written) != 3 {
				t.Fatalf("cells %q %q, runs %v %v", f.Cells[0].Cell, f.Cells[1].Cell, skip, written)
			}
			id := strings.SplitN(filepath.Base(name), "-", 2)[0]
			n := counts[id]
			p := f.Cells[0].Profile
			d := *p.Dump
			d.InsertStatements, d.SchemaStatements = n[0], n[1]
			fast, slow, text := binlogSyncCost(p.Storage, &d, binlogWrite{written: true, synced: true, perStatement: true})
			var diffs []float64
			for i := range skip {
				diffs = append(diffs, written[i]-skip[i])
			}
			sort.Float64s(diffs)
			check := diffs
			switch {
			case id == "F7":
				if diffs[1] < fast {
					t.Errorf("written less skipped %.2f s (median) under the syncs' fast end %.2f s", diffs[1], fast)
				}
				check = nil
			case n[0]+n[1] < 100 || id == "F6":
				check = diffs[1:2]
			}
			for _, dt := range check {
				if dt < fast || dt > slow {
					t.Errorf("written less skipped %.2f s outside %.2f–%.2f s (%s)", dt, fast, slow, text)
				}
			}
			t.Logf("written less skipped %.2f–%.2f s, cost %.2f–%.2f s", diffs[0], diffs[2], fast, slow)
		})
	}
}
