package threads

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// DeadlockRun counts the restore matrix's runs at one myloader thread count.
type DeadlockRun struct {
	Lost int `json:"lost"` // runs myloader 0.10 lost to an InnoDB deadlock (it stops instead of retrying)
	Runs int `json:"runs"` // all runs at that count: lost + completed
}

// deadlocksJSON is the measured tally, with its provenance: the restore
// matrix's runs of myloader 0.10 into MariaDB 10.11 per thread count.
//
//go:embed data/deadlocks.json
var deadlocksJSON []byte

// DeadlockRuns are the restore matrix's runs per myloader thread count,
// read from data/deadlocks.json (TestDeadlockRunsMatchMatrix keeps it equal
// to testdata/restore-matrix.json).
var DeadlockRuns = mustDeadlockRuns(deadlocksJSON)

// mustDeadlockRuns parses the embedded tally; a malformed file is a build
// mistake, caught by every test of this package.
func mustDeadlockRuns(data []byte) map[int]DeadlockRun {
	var doc struct {
		ByThreads map[string]DeadlockRun `json:"by_threads"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		panic(fmt.Sprintf("advisor/threads: data/deadlocks.json: %v", err))
	}
	out := make(map[int]DeadlockRun, len(doc.ByThreads))
	for k, v := range doc.ByThreads {
		n, err := strconv.Atoi(k)
		if err != nil || n < 1 || v.Lost > v.Runs {
			panic(fmt.Sprintf("advisor/threads: data/deadlocks.json: thread count %q: %+v", k, v))
		}
		out[n] = v
	}
	return out
}

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
