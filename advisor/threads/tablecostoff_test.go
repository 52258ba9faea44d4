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
	in, all := 0, 0
	for _, f := range loadFitFiles(t, "testdata/table-cost-off-fast/*-off.json", 3) {
		c := f.Cells[0]
		d := c.Profile.Dump
		bp := pool{bytes: 1 << 30, from: "the sitting's server", redo: 640 << 20, fileCommit: commitSyncs,
			analyzeTables: d.Tables - d.SystemTables, recalcOff: true}
		e := estimateLoad(&c.Profile, 16, 2, bp)
		lo, hi := e.Low.Seconds(), e.High.Seconds()
		t.Logf("%s: %d tables, %v–%v, runs %v", f.name, d.Tables, e.Low, e.High, c.Runs["16"])
		for i, sec := range c.Runs[strconv.Itoa(16)] {
			all++
			switch {
			case sec >= lo && sec <= hi:
				in++
			case sec < 0.9*lo || sec > 1.1*hi:
				t.Errorf("%s rep %d: %.2f s more than 10%% outside %v–%v (%s)", f.name, i+1, sec, e.Low, e.High, e.Basis)
			default:
				t.Logf("%s rep %d: %.2f s outside %v–%v by under 10%%", f.name, i+1, sec, e.Low, e.High)
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

// namedFit is one fit file of one cell with a profile that holds a dump,
// and its base name.
type namedFit struct {
	latencyFit
	name string
}

// loadFitFiles reads the want fit files of glob, each of one cell whose
// profile holds the dump it loaded.
func loadFitFiles(t *testing.T, glob string, want int) []namedFit {
	t.Helper()
	names, err := filepath.Glob(glob)
	if err != nil || len(names) != want {
		t.Fatalf("want the %d fit files %s, got %v (%v)", want, glob, names, err)
	}
	var out []namedFit
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var f latencyFit
		if err := json.Unmarshal(b, &f); err != nil || len(f.Cells) != 1 || f.Cells[0].Profile.Dump == nil {
			t.Fatalf("%s: %v (%d cells, or no dump)", name, err, len(f.Cells))
		}
		out = append(out, namedFit{f, filepath.Base(name)})
	}
	return out
}
