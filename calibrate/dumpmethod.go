package calibrate

import (
	"fmt"
	"time"

	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/profile"
)

// dumpMethod describes in words how the steps load, per dump format;
// slice is the planned step (steps that run over shorten the rest).
func dumpMethod(o DumpOptions, threads []int, slice time.Duration) profile.DumpLoadMethod {
	m := profile.DumpLoadMethod{Threads: threads, Rounds: o.Rounds, StepS: slice.Seconds(), StepMaxBytes: o.StepMaxBytes,
		Order: fmt.Sprintf("%d rounds, the first from the most sessions to the fewest, the next back up, and so on, on one set of sessions that never pauses as a whole: "+
			"a step with more sessions than the last wakes the extra ones while the others go on loading, one with fewer stops the extra ones "+
			"after their piece in flight, which its first window discounts by half (stopped_bytes); "+
			"the tables grow through the run as in a restore: each step resumes the files where the last one stopped "+
			"(they are recreated only when the sample is used up); before the first step an untimed warm-up at the most sessions "+
			"brings the server to the regime a restore spends its time in (pool full, pages written back); each window runs until "+
			"every session is done and is measured by the redo the server wrote, or by its rows inserted (Handler_write) where a "+
			"scratch table is not InnoDB (its rows write no redo) or the server shows no LSN: the notes say which; "+
			"a count's rate is over all its windows together (pooled); --duration bounds the whole run, its last %.0f%% kept for dropping the schema",
			o.Rounds, 100*CleanupShare)}
	switch o.Source.Format {
	case dump.FormatMySQLShell:
		m.Statements = fmt.Sprintf("a local-infile load (LOAD DATA LOCAL) of each chunk's rows in pieces of up to %d MiB of whole lines "+
			"(MySQL Shell loads a chunk in one statement); each session loads whole chunks", DefaultPieceBytes>>20)
		m.Commit = "each LOAD DATA commits on its own (autocommit)"
	case dump.FormatMysqldump:
		m.Statements = "the dump's own INSERT statements; each session loads whole tables (a mysqldump file has one section per table)"
		m.Commit = "each INSERT commits on its own (autocommit, as the mysql client loads a dump)"
	default:
		m.Statements = fmt.Sprintf("the dump's own rows, each INSERT sent as INSERTs of its whole rows (split between rows only) of piece_bytes: "+
			"a tenth of what a session loaded in a window's time at the end of the warm-up, at least %d KB (the warm-up's own), "+
			"whole statements on a fast disk; each session loads whole files, as myloader's threads do", DefaultInsertPieceBytes>>10)
		m.Commit = fmt.Sprintf("kept as myloader 0.10 commits: a transaction of %d of the file's INSERTs (all their pieces), committed at the end of each file "+
			"(myloader's --queries-per-transaction default); a session a step stops also commits", o.CommitEvery)
	}
	return m
}

// stepNotes says when steps were cut short: the byte budget (raise
// --max-bytes) or the sample's end (a small dump: the tail had fewer
// sessions busy than the step's count).
func stepNotes(pts []profile.DumpLoadPoint) []string {
	var notes []string
	for _, p := range pts {
		budget, ranOut := 0, 0
		for _, s := range p.Rounds {
			if s.BudgetReached {
				budget++
			}
			if s.RanOut {
				ranOut++
			}
		}
		if budget > 0 {
			notes = append(notes, fmt.Sprintf("%d of the %d-session steps stopped at --max-bytes before their time", budget, p.Threads))
		}
		if dl := deadlocks(p); dl > 0 {
			notes = append(notes, fmt.Sprintf("%d transactions at %d sessions deadlocked (error 1213) and were rolled back: their rows "+
				"are not counted; myloader 0.10 stops at such an error, so at that count expect to rerun a load", dl, p.Threads))
		}
		if ranOut > 0 {
			notes = append(notes, fmt.Sprintf("%d of the %d-session steps reached the end of the sampled files before their time: "+
				"at the end fewer sessions were busy (the next step reloads the sample into new tables)", ranOut, p.Threads))
		}
	}
	return notes
}

// deadlocks is the transactions a point's steps lost to deadlocks.
func deadlocks(p profile.DumpLoadPoint) int {
	n := 0
	for _, s := range p.Rounds {
		n += s.Deadlocks
	}
	return n
}

// warmNote says how the warm-up ended and which counter measured the steps.
func warmNote(w *profile.DumpWarmup, pts []profile.DumpLoadPoint) string {
	bases := map[string]int{}
	steps := 0
	for _, p := range pts {
		for _, s := range p.Rounds {
			bases[s.Basis]++
			steps++
		}
	}
	why := map[string]string{
		"checkpoint_age": fmt.Sprintf("the checkpoint age reached %.0f%% of the redo log", CheckpointWarmPct),
		"bytes":          "it had loaded the buffer pool's size (or half the dump)",
		"time":           fmt.Sprintf("it had taken %.0f%% of the run", 100*WarmShare),
		"sample":         "the sampled files ran out",
	}
	n := fmt.Sprintf("rates: %d of %d steps by the redo the server wrote, %d by its rows inserted, %d by the sessions' commits",
		bases[profile.BasisRedo], steps, bases[profile.BasisServer], bases[profile.BasisSessions])
	if w == nil {
		return n
	}
	return fmt.Sprintf("warm-up (untimed): %.1f s at %d sessions, %.0f MB, until %s; ", w.DurationS, w.Threads, float64(w.Bytes)/1e6, why[w.Reached]) + n
}
