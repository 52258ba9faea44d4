package threads

import (
	"fmt"
	"slices"
	"strings"
)

// DeadlockRun counts the restore matrix's runs at one myloader thread count.
type DeadlockRun struct {
	Lost int // runs myloader 0.10 lost to an InnoDB deadlock (it stops instead of retrying)
	Runs int // all runs at that count: lost + completed
}

// DeadlockRuns are the restore matrix's runs of myloader 0.10 into MariaDB
// 10.11 per thread count (scripts/bench-restore.sh sweep, failures.txt;
// docs/benchmarks/restore-matrix.md, "Restore matrix", 2026-12-01; testdata/restore-matrix.json
// holds each cell's counts and TestDeadlockRunsMatchMatrix keeps them equal,
// partial cells included: the loaded sweep's hdd 32M relaxed cell, the
// quiet 32M re-sweeps of the card, bw and hdd beds and the quiet
// re-sweep's others, which lost none). InnoDB chose a loading session as
// a deadlock victim at 2, 4 and 8 threads, never at 1 or 16; the quiet
// hdd 32M sweep lost 5 of 9 tries at 4 threads (3 in a row in its relaxed
// rep 2, which stopped it) and 2 of 5 at 8.
var DeadlockRuns = map[int]DeadlockRun{1: {0, 82}, 2: {1, 83}, 4: {7, 89}, 8: {4, 87}, 16: {0, 83}}

// deadlockNote is the note for a myloader load at n threads into MariaDB:
// the rate the matrix measured at the nearest swept count at or below n,
// and what to do when it happens; "" when that count lost no run.
func deadlockNote(n int) string {
	counts := make([]int, 0, len(DeadlockRuns))
	for c := range DeadlockRuns {
		counts = append(counts, c)
	}
	slices.Sort(counts)
	at := 0
	for _, c := range counts {
		if c <= n {
			at = c
		}
	}
	r, ok := DeadlockRuns[at]
	if !ok || r.Lost == 0 || r.Runs == 0 {
		return ""
	}
	var others []string
	for _, c := range counts {
		if o := DeadlockRuns[c]; c != at && o.Runs > 0 {
			others = append(others, fmt.Sprintf("%d of %d at %d", o.Lost, o.Runs, c))
		}
	}
	return fmt.Sprintf("if myloader 0.10 stops with \"Deadlock found when trying to get lock\" (mytune's restore sweep into MariaDB 10.11 lost %d of %d runs at %d threads this way, %.0f%%; elsewhere %s), "+
		"run it again with --overwrite-tables added, which drops each of the dump's tables the failed run created (and any older table of that name on TARGET) and reloads it: "+
		"the printed command has no --overwrite-tables, so rerun as printed it collides with the half-loaded tables",
		r.Lost, r.Runs, at, 100*float64(r.Lost)/float64(r.Runs), strings.Join(others, ", "))
}
