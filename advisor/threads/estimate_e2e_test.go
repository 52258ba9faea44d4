package threads

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"testing"

	"github.com/mytune/mytune/profile"
)

// e2eCell is one bed × advice row of the end-to-end bench (docs/benchmarks/restore-e2e.md,
// "End to end", 2026-12-01): the profile figures the followed advice's
// estimate used, the pool and redo log it assumed, and the timed restores.
type e2eCell struct {
	Bed        string          `json:"bed"`
	Run        string          `json:"run"`
	Durability string          `json:"durability"`
	Threads    int             `json:"threads"`
	Cores      int             `json:"cores"`
	PoolFrom   string          `json:"pool_from"`
	PoolBytes  uint64          `json:"pool_bytes"`
	RedoBytes  uint64          `json:"redo_bytes"`
	Storage    profile.Storage `json:"storage"`
	Dump       profile.Dump    `json:"dump"`
	Printed    DurationRange   `json:"printed"`
	Runs       []float64       `json:"runs_s"`
}

func loadE2E(t *testing.T) []e2eCell {
	t.Helper()
	b, err := os.ReadFile("testdata/e2e-estimate.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Provenance string    `json:"provenance"`
		Cells      []e2eCell `json:"cells"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m.Provenance == "" || len(m.Cells) == 0 {
		t.Fatal("testdata/e2e-estimate.json has no provenance or no cells")
	}
	return m.Cells
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	sort.Float64s(s)
	if len(s)%2 == 0 {
		return (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return s[len(s)/2]
}

// MaxEstimateWidth is how much wider than its low end the printed range
// may be (issue 10: "a range that is a range", and one that says something).
const MaxEstimateWidth = 2.0

// checkEstimate fails unless e is a range of 1.2 to MaxEstimateWidth x
// whose geometric middle is within EstimateSlack of the measured median.
func checkEstimate(t *testing.T, e DurationRange, measuredS float64) {
	t.Helper()
	if miss := estimateMiss(t, e, measuredS); miss != "" {
		t.Error(miss)
	}
}

// estimateMiss is why e misses measuredS (checkEstimate's bar), or "".
func estimateMiss(t *testing.T, e DurationRange, measuredS float64) string {
	t.Helper()
	lo, hi := e.Low.Seconds(), e.High.Seconds()
	mid := math.Sqrt(lo * hi)
	t.Logf("measured %.1f s, estimate %.1f–%.1f s (%.2fx), middle %.1f s: %+.0f%%", measuredS, lo, hi, hi/lo, mid, 100*(mid/measuredS-1))
	if lo <= 0 || hi < 1.2*lo || hi > MaxEstimateWidth*lo {
		return fmt.Sprintf("estimate %v–%v: not a range of 1.2-%.1fx", e.Low, e.High, MaxEstimateWidth)
	}
	if math.Abs(mid/measuredS-1) > EstimateSlack {
		return fmt.Sprintf("measured %.1f s, estimate %v–%v: its middle %.1f s is not within ±35%%\n%s", measuredS, e.Low, e.High, mid, e.Basis)
	}
	return ""
}

// e2eKnownMisses are the end-to-end rows the estimate misses, each with
// why; a listed row must still miss (else it leaves the list).
var e2eKnownMisses = map[string]string{
	"fast run 1 stock":            "runs 15.8, 12.0, 8.0 s at load average 19-25 as each ended (docs/benchmarks/restore-e2e.md, End to end run 1): the same restore took 5.8 s in run 2 and the advised ones 8.9-9.7 s beside it; the host's load, not the disk or the cores mytune measured, set it",
	"fast run 3 burners 8 strict": "runs 10.1, 15.9, 15.1 s with 8 busy loops on the 2 CPUs (load average 6.7 and CPU pressure 96% when probed; --cpu-burners 8), where relaxed beside it took 9.6-11.2 s and with 4 loops strict was the faster (5.9 against 6.8 s): at that starvation a strict commit's log flush waits for a CPU too, and 3 runs that spread 1.6x do not say by how much; two other beds' end-to-end runs also started beside its rounds 1-2 (docs/benchmarks/estimate.md, \"The estimate on a busy host\")",
	"hdd run 1 relaxed":           "the hdd bed's advised restores (data in the pool, the redo log holding it) took 11.5-15.3 s in runs 1-2 at load average 12-25 and 6.7-8.4 s in the quiet runs 4-5 (docs/benchmarks/restore-e2e.md, 'End to end'): on a busy host the restore's CPU work waits too, which the estimate models only for a load the probe read, and these runs' kept profiles have no load reading; FitHoldAmp (0.08-0.16) is fit to the quiet runs",
	"hdd run 2 relaxed":           "the hdd bed's advised restores (data in the pool, the redo log holding it) took 11.5-15.3 s in runs 1-2 at load average 12-25 and 6.7-8.4 s in the quiet runs 4-5 (docs/benchmarks/restore-e2e.md, 'End to end'): on a busy host the restore's CPU work waits too, which the estimate models only for a load the probe read, and these runs' kept profiles have no load reading; FitHoldAmp (0.08-0.16) is fit to the quiet runs",
	"hdd run 2 strict":            "the hdd bed's advised restores (data in the pool, the redo log holding it) took 11.5-15.3 s in runs 1-2 at load average 12-25 and 6.7-8.4 s in the quiet runs 4-5 (docs/benchmarks/restore-e2e.md, 'End to end'): on a busy host the restore's CPU work waits too, which the estimate models only for a load the probe read, and these runs' kept profiles have no load reading; FitHoldAmp (0.08-0.16) is fit to the quiet runs",
	"fast run 1 relaxed":          "runs 9.7, 7.1, 9.9 s at load average 19-25 as each ended (docs/benchmarks/restore-e2e.md, End to end run 1), where the quiet run 3 took 4.8 s: the estimate reads the host's load from the probe (cpuShare), and this run's kept profile has no load reading, so its range assumes 55-100% of the quiet rate",
}

// TestE2EEstimate: on every bed of the end-to-end bench, the estimate for
// the advice followed (its profile, threads, pool and redo log), and for
// the stock restore beside it (4 threads, 128M pool, 96M redo log), has
// its geometric middle within ±35% of the measured median restore. The
// estimates those runs printed (Printed) missed on card, bw and the fast
// bed's quiet run (+25..+72%); the stock rows missed by +35..+75%.
func TestE2EEstimate(t *testing.T) {
	for _, c := range loadE2E(t) {
		t.Run(fmt.Sprintf("%s run %s %s", c.Bed, c.Run, c.Durability), func(t *testing.T) {
			d := c.Dump
			p := &profile.Profile{Storage: c.Storage, Dump: &d}
			e := estimateLoad(p, c.Threads, c.Cores, pool{bytes: c.PoolBytes, from: c.PoolFrom, redo: c.RedoBytes})
			miss := estimateMiss(t, e, median(c.Runs))
			why, known := e2eKnownMisses[fmt.Sprintf("%s run %s %s", c.Bed, c.Run, c.Durability)]
			switch {
			case miss != "" && !known:
				t.Error(miss)
			case miss != "":
				t.Logf("known miss: %s", why)
			case known:
				t.Errorf("listed as a known miss (%s), but the estimate holds: take it off e2eKnownMisses", why)
			}
		})
	}
}
