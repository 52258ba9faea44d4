package threads

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
	"testing"

	"github.com/mytune/mytune/profile"
)

// matrixCell is one bed × pool × durability cell of scripts/bench-restore.sh sweep:
// the bed's probed disk, the dump as mytune read it, and every timed restore.
type matrixCell struct {
	Bed        string               `json:"bed"`
	Pool       string               `json:"pool"`
	Durability string               `json:"durability"`
	Cores      int                  `json:"cores"`
	Storage    profile.Storage      `json:"storage"`
	Dump       profile.Dump         `json:"dump"`
	Runs       map[string][]float64 `json:"runs_s"`
	// Load1 is /proc/loadavg's 1-minute load when each run ended (same order as Runs).
	Load1 map[string][]float64 `json:"load1"`
	// Deadlocks are the runs per thread count that myloader lost to an
	// InnoDB deadlock (failures.txt; each was run again and is not in Runs).
	Deadlocks map[string]int `json:"deadlocks"`
	// Swept says which sweep the cell's runs come from (the quiet re-sweep or the loaded one).
	Swept string `json:"swept"`
	// Partial says why a cell's sweep stopped before every count had 3
	// runs: such a cell counts for its deadlocks (DeadlockRuns) but not
	// for regret or the estimate (another cell of the same bed, pool and
	// durability does).
	Partial string `json:"partial,omitempty"`
}

// MaxRegret is issue 10's bar: the advised count restores within 10% of
// the fastest count of the sweep, in every cell.
const MaxRegret = 0.10

// EstimateSlack is issue 10's bar for the estimate: the measured restore
// within ±35% of the range.
const EstimateSlack = 0.35

func loadMatrix(t *testing.T) []matrixCell {
	t.Helper()
	b, err := os.ReadFile("testdata/restore-matrix.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Provenance string       `json:"provenance"`
		Cells      []matrixCell `json:"cells"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m.Provenance == "" || len(m.Cells) == 0 {
		t.Fatal("testdata/restore-matrix.json has no provenance or no cells")
	}
	return m.Cells
}

// cellProfile is the offline view of a cell: the bed's probe, the dump, and
// the cell's pool as a my.cnf would give it (no server, no memory figure,
// so the plan sizes for that pool as it is).
func cellProfile(c matrixCell) (*profile.Profile, Options) {
	d := c.Dump
	p := &profile.Profile{Storage: c.Storage, Dump: &d,
		MyCnf: &profile.MyCnf{Path: "/etc/mysql/my.cnf", Variables: map[string]string{"innodb_buffer_pool_size": c.Pool}}}
	p.Host.CPU.Logical = c.Cores
	// asMeasured: the sweeps wrote the data files with O_DIRECT (MariaDB 10.11's default) and followed no page-cache setting
	return p, Options{Task: TaskLoad, Durability: c.Durability, Target: profile.Target{Flavor: "mariadb", Version: "10.11", Source: "flag"}, asMeasured: true}
}

func medians(runs map[string][]float64) map[int]float64 {
	out := map[int]float64{}
	for k, v := range runs {
		n, _ := strconv.Atoi(k)
		s := slices.Clone(v)
		sort.Float64s(s)
		m := s[len(s)/2]
		if len(s)%2 == 0 {
			m = (s[len(s)/2-1] + s[len(s)/2]) / 2
		}
		out[n] = m
	}
	return out
}

// knownMisses are the matrix cells whose median regret exceeds MaxRegret
// under the rule, each with why (docs/benchmarks/restore-matrix.md, "Restore matrix"). The test
// still checks them: a listed cell must miss (else it must leave the list).
// Empty since the quiet re-sweep: the two cells listed before (bw 512M
// relaxed, fast 1G strict) pass with 16 threads where the data fits.
var knownMisses = map[string]string{}

// TestRestoreMatrixRegret: in every cell of the measured matrix, the
// offline model's thread count restores within MaxRegret of the best
// count, by medians (issue 10's done-when: median at the advised count ÷
// the best count's median − 1 ≤ 10%). Every cell's regret is logged
// (go test -v) as docs/benchmarks/restore-matrix.md's table row.
func TestRestoreMatrixRegret(t *testing.T) {
	for _, c := range wholeCells(t) {
		t.Run(fmt.Sprintf("%s %s %s", c.Bed, c.Pool, c.Durability), func(t *testing.T) {
			med := medians(c.Runs)
			best := 0
			for n, s := range med {
				if len(c.Runs[strconv.Itoa(n)]) < 3 {
					t.Errorf("%d threads has %d runs, fewer than the 3 a median needs", n, len(c.Runs[strconv.Itoa(n)]))
				}
				if best == 0 || s < med[best] || s == med[best] && n < best {
					best = n
				}
			}
			p, o := cellProfile(c)
			plan := Size(p, o)
			adv := plan.Load.Threads
			at, ok := med[adv]
			if !ok {
				t.Fatalf("advised %d threads, not swept (swept %v)", adv, med)
			}
			e := plan.EstimatedLoad
			r := at/med[best] - 1
			t.Logf("| %s | %s | %s | %d | %d | %.1f%% | %.0f–%.0f | %.1f |", c.Bed, c.Pool, c.Durability, best, adv,
				100*r, e.Low.Seconds(), e.High.Seconds(), at)
			why, known := knownMisses[c.Bed+" "+c.Pool+" "+c.Durability]
			switch {
			case r > MaxRegret && !known:
				t.Errorf("advised %d threads: median %.1f s; best %d threads median %.1f s: regret %.1f%% > %.0f%%",
					adv, at, best, med[best], 100*r, 100*MaxRegret)
			case r > MaxRegret:
				t.Logf("known miss: regret %.1f%%: %s", 100*r, why)
			case known:
				t.Errorf("listed as a known miss (%s), but the regret is %.1f%%: take it off knownMisses", why, 100*r)
			}
		})
	}
}

// TestRestoreMatrixEstimate: the estimate at the advised count is a range
// (high 1.2-2x low) whose geometric middle is within EstimateSlack of the
// measured median (estimateMiss), but for the listed known misses.
func TestRestoreMatrixEstimate(t *testing.T) {
	for _, c := range wholeCells(t) {
		t.Run(fmt.Sprintf("%s %s %s", c.Bed, c.Pool, c.Durability), func(t *testing.T) {
			p, o := cellProfile(c)
			plan := Size(p, o)
			at, ok := medians(c.Runs)[plan.Load.Threads]
			if !ok {
				t.Fatalf("advised %d threads, not swept", plan.Load.Threads)
			}
			miss := estimateMiss(t, plan.EstimatedLoad, at)
			why, known := matrixEstimateKnownMisses[c.Bed+" "+c.Pool+" "+c.Durability]
			switch {
			case miss != "" && !known:
				t.Error(miss)
			case miss != "":
				t.Logf("known miss: %s", why)
			case known:
				t.Errorf("listed as a known miss (%s), but the estimate holds: take it off matrixEstimateKnownMisses", why)
			}
		})
	}
}

// matrixEstimateKnownMisses are the matrix cells whose estimate misses,
// each with why; a listed cell must still miss.
var matrixEstimateKnownMisses = map[string]string{
	"fast 128M relaxed": fasterHost + "8 threads' median 6.1 s",
	"fast 128M strict":  fasterHost + "8 threads' median 5.6 s",
}

// wholeCells are the matrix's cells that are not partial, one per bed,
// pool and durability; it fails on a partial cell without a whole twin.
func wholeCells(t *testing.T) []matrixCell {
	t.Helper()
	var whole []matrixCell
	have := map[string]bool{}
	var partial []matrixCell
	for _, c := range loadMatrix(t) {
		if c.Partial != "" {
			partial = append(partial, c)
			continue
		}
		k := c.Bed + " " + c.Pool + " " + c.Durability
		if have[k] {
			t.Fatalf("%s: two whole cells", k)
		}
		have[k] = true
		whole = append(whole, c)
	}
	for _, c := range partial {
		if !have[c.Bed+" "+c.Pool+" "+c.Durability] {
			t.Fatalf("%s %s %s: a partial cell (%s) and no whole one", c.Bed, c.Pool, c.Durability, c.Partial)
		}
		t.Logf("%s %s %s: partial, counted for deadlocks only: %s", c.Bed, c.Pool, c.Durability, c.Partial)
	}
	return whole
}

// TestDeadlockRunsMatchMatrix: the rates the deadlock note states
// (DeadlockRuns) are the matrix's: per thread count, the runs lost to a
// deadlock and all runs (lost + completed), summed over the cells.
func TestDeadlockRunsMatchMatrix(t *testing.T) {
	got := map[int]DeadlockRun{}
	for _, c := range loadMatrix(t) {
		for k, v := range c.Runs {
			n, err := strconv.Atoi(k)
			if err != nil {
				t.Fatalf("%s %s %s: thread count %q: %v", c.Bed, c.Pool, c.Durability, k, err)
			}
			r := got[n]
			r.Lost += c.Deadlocks[k]
			r.Runs += len(v) + c.Deadlocks[k]
			got[n] = r
		}
	}
	if !maps.Equal(got, DeadlockRuns) {
		t.Errorf("DeadlockRuns = %v, the matrix has %v", DeadlockRuns, got)
	}
}
