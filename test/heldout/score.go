// Package heldout checks the restore advice against held-out sweeps (testdata/heldout/, issue 19 point 4):
// restores timed at every thread count that no constant of advisor/threads was fitted to, with the advice
// mytune printed for each. The rule's regret and the printed ranges' containment are scored here; the
// test (heldout_test.go) fails when the bars are missed or when there is no sweep to score.
package heldout

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"

	"github.com/mytune/mytune/internal/stats"
)

// The bars of issue 19, point 4: the rule's regret at most MaxMedianRegret on the median cell and
// MaxWorstRegret on the worst; the printed ranges contain the measured time in at least MinContainment
// of the rows.
const (
	MaxMedianRegret = 0.15
	MaxWorstRegret  = 0.25
	MinContainment  = 0.80
)

// MinRuns is the fewest runs per thread count a median is taken from (as TestRestoreMatrixRegret).
const MinRuns = 3

// row is one cell scored: the best count of the sweep, the count the rule picks now and its regret,
// and the count and range mytune printed when the sweep was run, against the time measured there. A
// cell timed at the printed count alone (bench-heldout.sh --threads "") has no best and no regret: it
// scores the range's containment only (swept false).
type row struct {
	name      string
	swept     bool // more than one thread count timed: the regret is known
	best      int
	bestS     float64
	pick      int // the rule now (advisor.Advise on the cell's profile)
	pickS     float64
	regret    float64 // pickS / bestS − 1
	printed   int     // the count mytune printed at the time
	printedS  float64 // the median restore at that count
	low, high float64 // the range it printed, seconds
}

func (r row) contained() bool { return r.low <= r.printedS && r.printedS <= r.high }

// String is the row with its figures, as a miss is printed.
func (r row) String() string {
	if !r.swept {
		return fmt.Sprintf("%s: timed at the printed count only (containment, no regret); printed %d threads, %.1f–%.1f s, measured %.1f s there (%s)",
			r.name, r.printed, r.low, r.high, r.printedS, map[bool]string{true: "in the range", false: "OUTSIDE the range"}[r.contained()])
	}
	return fmt.Sprintf("%s: best %d threads %.1f s; the rule picks %d: %.1f s, regret %.1f%%; printed %d threads, %.1f–%.1f s, measured %.1f s there (%s)",
		r.name, r.best, r.bestS, r.pick, r.pickS, 100*r.regret, r.printed, r.low, r.high, r.printedS,
		map[bool]string{true: "in the range", false: "OUTSIDE the range"}[r.contained()])
}

// medians are the median runs per thread count; an error names a count with fewer than MinRuns runs.
func medians(runs map[string][]float64) (map[int]float64, error) {
	out := map[int]float64{}
	for k, v := range runs {
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("thread count %q", k)
		}
		if len(v) < MinRuns {
			return nil, fmt.Errorf("%d threads has %d runs, fewer than the %d a median needs", n, len(v), MinRuns)
		}
		out[n] = stats.Median(v)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no runs")
	}
	return out, nil
}

// scoreCell scores one cell's runs for the rule's pick now and the printed count and range; a cell
// timed at one count, the printed one, for the range alone.
func scoreCell(name string, runs map[string][]float64, pick, printed int, low, high float64) (row, error) {
	med, err := medians(runs)
	if err != nil {
		return row{}, fmt.Errorf("%s: %w", name, err)
	}
	r := row{name: name, pick: pick, printed: printed, low: low, high: high, swept: len(med) > 1}
	if !r.swept {
		var ok bool
		if r.printedS, ok = med[printed]; !ok {
			return row{}, fmt.Errorf("%s: mytune printed %d threads, but the one count timed is another (%v)", name, printed, med)
		}
		return r, nil
	}
	for _, n := range slices.Sorted(maps.Keys(med)) {
		if r.best == 0 || med[n] < r.bestS {
			r.best, r.bestS = n, med[n]
		}
	}
	var ok bool
	if r.pickS, ok = med[pick]; !ok {
		return row{}, fmt.Errorf("%s: the rule now picks %d threads, which the sweep did not time (%v): sweep it again", name, pick, med)
	}
	if r.printedS, ok = med[printed]; !ok {
		return row{}, fmt.Errorf("%s: mytune printed %d threads, but the sweep has no runs there (%v)", name, printed, med)
	}
	r.regret = r.pickS/r.bestS - 1
	return r, nil
}

// verdict is the bars over all rows: the median and worst regret (of the swept rows), the containment
// (of all), and one line per bar missed (none: every bar met). No rows, or no swept row, is a miss: a
// check that cannot fail is no check.
func verdict(rows []row) (median, worst, containment float64, misses []string) {
	if len(rows) == 0 {
		return 0, 0, 0, []string{"no held-out cells to score"}
	}
	var regrets []float64
	in := 0
	for _, r := range rows {
		if r.swept {
			regrets = append(regrets, r.regret)
		}
		if r.contained() {
			in++
		}
	}
	if len(regrets) == 0 {
		return 0, 0, 0, []string{"no held-out cell timed at more than one count: no regret to score"}
	}
	sort.Float64s(regrets)
	median, worst = stats.Median(regrets), regrets[len(regrets)-1]
	containment = float64(in) / float64(len(rows))
	if median > MaxMedianRegret {
		misses = append(misses, fmt.Sprintf("median regret %.1f%% > %.0f%%", 100*median, 100*MaxMedianRegret))
	}
	if worst > MaxWorstRegret {
		misses = append(misses, fmt.Sprintf("worst regret %.1f%% > %.0f%%", 100*worst, 100*MaxWorstRegret))
	}
	if containment < MinContainment {
		misses = append(misses, fmt.Sprintf("the printed ranges contain %d of %d measured times (%.2f%%) < %.0f%%",
			in, len(rows), 100*containment, 100*MinContainment))
	}
	return median, worst, containment, misses
}

// rowMisses are the rows that break a bar on their own (regret over MaxWorstRegret) or count against one
// (regret over MaxMedianRegret, or the measured time outside the printed range), each with its figures.
func rowMisses(rows []row) []string {
	var out []string
	for _, r := range rows {
		if (r.swept && r.regret > MaxMedianRegret) || !r.contained() {
			out = append(out, r.String())
		}
	}
	return out
}
