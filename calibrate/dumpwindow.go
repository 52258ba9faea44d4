package calibrate

import (
	"math"
	"slices"
	"time"

	"github.com/mytune/mytune/profile"
)

// reading is one look at the run: the server's counters and the gang's
// own (dump bytes sent, rows and statements committed) at the same moment.
type reading struct {
	c counters
	// less is the dump bytes in flight, at a window's start, in the
	// sessions the step stopped: they finish inside the window.
	less                   uint64
	sent, rows, statements uint64
	// twice is the rows among rows that Handler_write counts twice
	// (loadStep.partitioned).
	twice              uint64
	commits, deadlocks int64
	files              int64
}

// window is a stretch of a step with every one of its sessions loading:
// from its start (or the end of the drain of the sessions the step stopped)
// to its deadline, or to the moment a session found no file left.
type window struct{ a, b reading }

// secs is the window's length.
func (w window) secs() float64 { return w.b.c.at.Sub(w.a.c.at).Seconds() }

// redo is the redo bytes InnoDB wrote in the window; ok when both readings
// had the LSN.
func (w window) redo() (uint64, bool) {
	if !w.a.c.hasLSN || !w.b.c.hasLSN || w.b.c.lsn < w.a.c.lsn {
		return 0, false
	}
	return w.b.c.lsn - w.a.c.lsn, true
}

// serverRows is the rows the server counted inserted in the window.
func (w window) serverRows() (uint64, bool) {
	if !w.a.c.ok || !w.b.c.ok || w.a.c.rowsBlind || w.b.c.rowsBlind || w.b.c.rowsInserted < w.a.c.rowsInserted {
		return 0, false
	}
	return w.b.c.rowsInserted - w.a.c.rowsInserted, true
}

// sent is the dump bytes the sessions sent in the window.
func (w window) sent() uint64 { return w.b.sent - w.a.sent }

// runTotals converts the server's counters into dump bytes: everything the
// run sent (all of it committed by the end, less deadlocks) against the redo
// bytes and rows the server counted from the gang's first reading to its last.
type runTotals struct {
	sent, rows uint64 // dump bytes and rows the sessions committed
	// counted is rows as the server's counter counts them (the rows of
	// partitioned tables twice on Handler_write).
	counted              uint64
	redo, serverRows     uint64
	hasRedo, hasRowsSeen bool
	// foreign: the server counted more rows than the run committed
	// (serverSlack): another session was inserting, so only the sessions'
	// own bytes measure the windows.
	foreign bool
	// redoBlind: some scratch tables are not InnoDB (MyISAM, Aria), whose
	// rows write no InnoDB redo, so the redo cannot measure a window.
	redoBlind bool
}

// totalsOf is runTotals between the run's first and last reading.
func totalsOf(first, last reading) runTotals {
	w := window{first, last}
	t := runTotals{sent: last.sent - first.sent, rows: last.rows - first.rows}
	t.redo, t.hasRedo = w.redo()
	t.serverRows, t.hasRowsSeen = w.serverRows()
	t.counted = t.rows
	if last.c.handlerRows { // MariaDB's Handler_write: a partitioned table's rows twice
		t.counted += last.twice - first.twice
	}
	t.foreign = t.hasRowsSeen && float64(t.serverRows) > serverSlack*float64(t.counted)
	return t
}

// redoPerByte is the redo bytes per dump byte the run wrote, to 3
// decimals; 0 without an LSN, a byte sent, or when another session was
// inserting (its redo is not the dump's).
func (t runTotals) redoPerByte() float64 {
	if !t.hasRedo || t.foreign || t.sent == 0 || t.redo == 0 {
		return 0
	}
	return math.Round(float64(t.redo)/float64(t.sent)*1000) / 1000
}

// rate measures a step's windows: by the redo bytes (BasisRedo) at the
// run's dump bytes per redo byte when every scratch table is InnoDB, else by the server's rows inserted at the
// run's bytes per row (BasisServer), else by the bytes the sessions sent
// (BasisSessions). Redo and rows count each row as InnoDB inserts it, so a
// window's edges cut no statement's rows off; the sessions' bytes count a
// piece when it is sent.
func rate(ws []window, t runTotals) (mbPerS, rowsPerS float64, basis string) {
	var secs float64
	var redo, rows, sent, less uint64
	redoOK := t.hasRedo && t.redo > 0 && !t.foreign && !t.redoBlind
	rowsOK := t.hasRowsSeen && t.serverRows > 0 && !t.foreign
	for _, w := range ws {
		secs += w.secs()
		sent += w.sent()
		less += w.a.less
		r, ok := w.redo()
		redoOK = redoOK && ok
		redo += r
		n, ok := w.serverRows()
		rowsOK = rowsOK && ok
		rows += n
	}
	if secs <= 0 || t.sent == 0 {
		return 0, 0, profile.BasisSessions
	}
	bytesPerRow, bytesPerCounted := 0.0, 0.0
	if t.rows > 0 {
		bytesPerRow = float64(t.sent) / float64(t.rows)
	}
	if t.counted > 0 {
		bytesPerCounted = float64(t.sent) / float64(t.counted)
	}
	// the stopped sessions' pieces were on average half done when the
	// window began (each piece is sent at an even pace): half is theirs
	strays := float64(less) / 2
	switch {
	case redoOK:
		mbPerS = max(float64(redo)*float64(t.sent)/float64(t.redo)-strays, 0) / secs / 1e6
		basis = profile.BasisRedo
	case rowsOK && bytesPerCounted > 0:
		mbPerS = max(float64(rows)*bytesPerCounted-strays, 0) / secs / 1e6
		basis = profile.BasisServer
	default: // a piece counts when sent: the stopped sessions' were sent before the window
		mbPerS = float64(sent) / secs / 1e6
		basis = profile.BasisSessions
	}
	if bytesPerRow > 0 {
		rowsPerS = mbPerS * 1e6 / bytesPerRow
	}
	return mbPerS, rowsPerS, basis
}

// serverSlack is how many more rows than the run committed the server may
// count before calibrate decides another session was inserting too: a
// rolled-back (deadlocked) transaction's rows are counted by InnoDB and
// not by the run.
const serverSlack = 1.1

// stepOrder is the counts of every step: the first round from the most
// sessions to the fewest, the next back up, and so on (8 4 2 1 1 2 4 8 8 4
// 2 1). The warm-up at the most sessions flows into the first step, and
// every step starts with its sessions loading. A step inherits the page
// write-back its predecessor left (on the card bed a 3 s step after 8
// sessions loaded at 0-0.7 MB/s with 1 or 2 sessions, against 1.1 MB/s in
// a full restore at 1 thread), so every count but the ends follows a larger
// count in one round and a smaller one in the next, and the ends follow
// their neighbour and themselves.
func stepOrder(threads []int, rounds int) []int {
	desc := slices.Clone(threads)
	slices.Sort(desc)
	slices.Reverse(desc)
	var out []int
	for r := range rounds {
		if r%2 == 0 {
			out = append(out, desc...)
			continue
		}
		for i := len(desc) - 1; i >= 0; i-- {
			out = append(out, desc[i])
		}
	}
	return out
}

// windowFor is the next step's window: the loading time left shared by
// the steps left; at least minStep.
func windowFor(left time.Duration, steps int) time.Duration {
	if steps <= 0 {
		return minStep
	}
	return max(left/time.Duration(steps), minStep)
}
