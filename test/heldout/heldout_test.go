package heldout

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/profile"
)

// DirEnv names a directory of sweeps to score instead of testdata/heldout (a new sweep, before it is added).
const DirEnv = "MYTUNE_HELDOUT_DIR"

// sweep is one file of testdata/heldout/ (scripts/bench-heldout-record.py writes it; README.md there).
type sweep struct {
	Schema     string            `json:"schema"`
	Provenance map[string]string `json:"provenance"`
	Cells      []cell            `json:"cells"`
}

// cell is one memory limit × durability × binary-log cell: the advice as printed, and the runs.
type cell struct {
	Cell       string `json:"cell"`
	MemLimit   string `json:"mem_limit"`
	Durability string `json:"durability"`
	Binlog     string `json:"binlog"`
	Printed    struct {
		Threads int     `json:"threads"`
		LowS    float64 `json:"low_s"`
		HighS   float64 `json:"high_s"`
	} `json:"printed"`
	Runs    map[string][]float64 `json:"runs_s"`
	Profile profile.Profile      `json:"profile"`
}

// provenanceKeys are what a sweep file must say of where it comes from.
var provenanceKeys = []string{"date", "machine", "bed", "shape", "server", "myloader", "cpus", "binlog", "mytune", "command"}

func loadSweeps(t *testing.T) map[string]sweep {
	t.Helper()
	dir := os.Getenv(DirEnv)
	if dir == "" {
		dir = filepath.Join("..", "..", "testdata", "heldout")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no held-out sweep (*.json) in %s: the held-out check cannot pass without one (scripts/bench-heldout.sh makes them)", dir)
	}
	out := map[string]sweep{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s sweep
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if s.Schema != "mytune.heldout/v1" || len(s.Cells) == 0 {
			t.Fatalf("%s: schema %q with %d cells, want mytune.heldout/v1 with cells", f, s.Schema, len(s.Cells))
		}
		for _, k := range provenanceKeys {
			if strings.TrimSpace(s.Provenance[k]) == "" {
				t.Errorf("%s: the provenance has no %q", f, k)
			}
		}
		out[filepath.Base(f)] = s
	}
	return out
}

// rulePick is the load thread count mytune advises now for the cell's profile (what the sweep's
// `mytune advise --dump … --task load` would print from it today).
func rulePick(c cell) (int, error) {
	a, err := advisor.Advise(c.Profile, advisor.AdviseOptions{Task: "load", Durability: c.Durability})
	if err != nil {
		return 0, err
	}
	return a.Threads.Load.Threads, nil
}

// TestHeldOut scores every held-out cell: the rule's regret (median ≤ 15%, worst ≤ 25%) and the printed
// ranges' containment of the time measured at the printed count (≥ 80% of rows). Every row is logged;
// every miss is printed with its figures, and a bar missed fails the test. No exemptions.
func TestHeldOut(t *testing.T) {
	var rows []row
	for file, s := range loadSweeps(t) {
		for _, c := range s.Cells {
			name := fmt.Sprintf("%s %s (memory %s, %s, binlog %s, cpus %s)", file, c.Cell, c.MemLimit, c.Durability, c.Binlog, s.Provenance["cpus"])
			pick, err := rulePick(c)
			if err != nil {
				t.Errorf("%s: advising from its profile: %v", name, err)
				continue
			}
			r, err := scoreCell(name, c.Runs, pick, c.Printed.Threads, c.Printed.LowS, c.Printed.HighS)
			if err != nil {
				t.Error(err)
				continue
			}
			t.Log(r)
			rows = append(rows, r)
		}
	}
	median, worst, containment, misses := verdict(rows)
	t.Logf("%d cells: median regret %.1f%%, worst %.1f%%, containment %.2f%%", len(rows), 100*median, 100*worst, 100*containment)
	for _, m := range rowMisses(rows) {
		if len(misses) > 0 {
			t.Error("miss: " + m)
		} else {
			t.Log("counts against a bar, within it: " + m)
		}
	}
	if len(misses) > 0 {
		t.Error("held-out bars missed: " + strings.Join(misses, "; "))
	}
}
