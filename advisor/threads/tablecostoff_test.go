package threads

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestTableCreateOffFit: on the loads of 100, 300 and 1000 tables of 10
// rows with the statistics recalculation off and the analyze line after
// them (testdata/table-cost-off-fast/, the advice's path on a fast disk),
// the estimate from the sitting's probe, with the pool the runs had (1G,
// redo 640M, strict commits), contains ≥ 80% of the 15 runs and misses
// none by more than 10% (the fit behind TableCreateOffSec, LoadStartSec
// and AnalyzeStartSec).
func TestTableCreateOffFit(t *testing.T) {
	names, err := filepath.Glob("testdata/table-cost-off-fast/*-off.json")
	if err != nil || len(names) != 3 {
		t.Fatalf("want the 3 fit files, got %v (%v)", names, err)
	}
	in, all := 0, 0
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var f latencyFit
		if err := json.Unmarshal(b, &f); err != nil || len(f.Cells) != 1 || f.Cells[0].Profile.Dump == nil {
			t.Fatalf("%s: %v (%d cells, or no dump)", name, err, len(f.Cells))
		}
		c := f.Cells[0]
		d := c.Profile.Dump
		bp := pool{bytes: 1 << 30, from: "the sitting's server", redo: 640 << 20, fileCommit: commitSyncs,
			analyzeTables: d.Tables - d.SystemTables, recalcOff: true}
		e := estimateLoad(&c.Profile, 16, 2, bp)
		lo, hi := e.Low.Seconds(), e.High.Seconds()
		t.Logf("%s: %d tables, %v–%v, runs %v", filepath.Base(name), d.Tables, e.Low, e.High, c.Runs["16"])
		for i, sec := range c.Runs[strconv.Itoa(16)] {
			all++
			switch {
			case sec >= lo && sec <= hi:
				in++
			case sec < 0.9*lo || sec > 1.1*hi:
				t.Errorf("%s rep %d: %.2f s more than 10%% outside %v–%v (%s)", filepath.Base(name), i+1, sec, e.Low, e.High, e.Basis)
			default:
				t.Logf("%s rep %d: %.2f s outside %v–%v by under 10%%", filepath.Base(name), i+1, sec, e.Low, e.High)
			}
		}
	}
	if all != 15 {
		t.Fatalf("%d runs, want 15", all)
	}
	if 10*in < 8*all {
		t.Errorf("the estimate contains %d of %d runs (below 80%%)", in, all)
	}
	t.Logf("the estimate contains %d of %d runs", in, all)
}
