package calibrate

import (
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// at is a reading at t0+d with the server's rows and LSN and the gang's bytes sent.
func at(d time.Duration, rows, lsn uint64, hasLSN bool, sent uint64) reading {
	t0 := time.Unix(1000, 0)
	return reading{c: counters{at: t0.Add(d), ok: true, rowsInserted: rows, lsn: lsn, hasLSN: hasLSN}, sent: sent, rows: rows}
}

func withLess(r reading, less uint64) reading { r.less = less; return r }

// blind marks a reading whose row counter misses some tables' rows.
func blind(r reading) reading { r.c.rowsBlind = true; return r }

// TestRate: windows measured by the redo LSN at the run's dump bytes per
// redo byte, by the rows inserted when there is no LSN, by the bytes sent
// when the server counted rows the run did not load; several windows pool.
func TestRate(t *testing.T) {
	s := time.Second
	tests := []struct {
		name   string
		ws     []window
		tot    runTotals
		basis  string
		mbPerS float64
	}{
		// the run: 10 MB sent for 20 MB of redo; 8 MB of redo in 2 s is 2 MB of dump a second
		{"redo", []window{{at(0, 0, 1e6, true, 0), at(2*s, 1000, 9e6, true, 3e6)}},
			runTotals{sent: 10e6, rows: 5000, redo: 20e6, hasRedo: true, serverRows: 5000, hasRowsSeen: true}, profile.BasisRedo, 2},
		{"two windows pool (a refill between)", []window{
			{at(0, 0, 0, true, 0), at(1*s, 0, 2e6, true, 0)},
			{at(5*s, 0, 10e6, true, 0), at(8*s, 0, 12e6, true, 0)}},
			runTotals{sent: 10e6, rows: 5000, redo: 20e6, hasRedo: true}, profile.BasisRedo, 4e6 / 4 / 2 / 1e6},
		{"rows when no LSN (MySQL 8.0 before 8.0.30)", []window{{at(0, 0, 0, false, 0), at(2*s, 4000, 0, false, 0)}},
			runTotals{sent: 10e6, rows: 5000, counted: 5000, serverRows: 5000, hasRowsSeen: true}, profile.BasisServer, 4000 * 2000 / 2 / 1e6},
		// Handler_write counted 7500 for the 5000 rows (2500 into a partitioned table): 4000 counted in 2 s is 4000 × 10e6/7500 bytes
		{"Handler_write rows, a partitioned table's twice", []window{{at(0, 0, 0, false, 0), at(2*s, 4000, 0, false, 0)}},
			runTotals{sent: 10e6, rows: 5000, counted: 7500, serverRows: 7500, hasRowsSeen: true}, profile.BasisServer, 4000 * 10e6 / 7500 / 2 / 1e6},
		{"another session inserting: bytes sent", []window{{at(0, 0, 1e6, true, 0), at(2*s, 9000, 9e6, true, 3e6)}},
			runTotals{sent: 10e6, rows: 5000, redo: 20e6, hasRedo: true, serverRows: 9000, hasRowsSeen: true, foreign: true}, profile.BasisSessions, 1.5},
		{"status unreadable: bytes sent", []window{{reading{c: counters{at: time.Unix(1000, 0)}}, reading{c: counters{at: time.Unix(1004, 0)}, sent: 4e6}}},
			runTotals{sent: 10e6, rows: 5000}, profile.BasisSessions, 1},
		// 8 MB of redo is 4 MB of dump; the stopped sessions had 1 MB in
		// flight, half of it theirs: 3.5 MB in 2 s
		{"stopped sessions' pieces discounted by half", []window{{withLess(at(0, 0, 1e6, true, 0), 1e6), at(2*s, 1000, 9e6, true, 3e6)}},
			runTotals{sent: 10e6, rows: 5000, redo: 20e6, hasRedo: true}, profile.BasisRedo, 1.75},
		{"never below 0", []window{{withLess(at(0, 0, 1e6, true, 0), 9e6), at(2*s, 1000, 2e6, true, 3e6)}},
			runTotals{sent: 10e6, rows: 5000, redo: 20e6, hasRedo: true}, profile.BasisRedo, 0},
		{"nothing sent in the run", []window{{at(0, 0, 0, true, 0), at(2*s, 0, 5, true, 0)}}, runTotals{}, profile.BasisSessions, 0},
		// QA r2.sql: an InnoDB and a MyISAM table; the MyISAM rows wrote no
		// redo, so a window that loaded mostly them looked idle by the LSN
		{"a MyISAM table in the sample: rows (every engine's), not the redo", []window{{at(0, 0, 1e6, true, 0), at(2*s, 4000, 1.2e6, true, 3e6)}},
			runTotals{sent: 10e6, rows: 5000, counted: 5000, redo: 10e6, hasRedo: true, serverRows: 5000, hasRowsSeen: true, redoBlind: true},
			profile.BasisServer, 4000 * 2000 / 2 / 1e6},
		{"a MyISAM table and no row counter for it: bytes sent", []window{{blind(at(0, 0, 1e6, true, 0)), blind(at(2*s, 4000, 1.2e6, true, 3e6))}},
			runTotals{sent: 10e6, rows: 5000, counted: 5000, redo: 10e6, hasRedo: true, serverRows: 5000, hasRowsSeen: true, redoBlind: true},
			profile.BasisSessions, 1.5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mb, _, basis := rate(tt.ws, tt.tot)
			if basis != tt.basis || math.Abs(mb-tt.mbPerS) > 1e-9 {
				t.Errorf("rate = %v MB/s by %q, want %v by %q", mb, basis, tt.mbPerS, tt.basis)
			}
		})
	}
}

// TestTotalsOf: the run's bytes, rows, redo and the foreign-rows test.
func TestTotalsOf(t *testing.T) {
	tests := []struct {
		name        string
		first, last reading
		want        runTotals
	}{
		{"own rows", at(0, 100, 1e6, true, 0), at(10*time.Second, 1100, 5e6, true, 2e5),
			runTotals{sent: 2e5, rows: 1000, counted: 1000, redo: 4e6, hasRedo: true, serverRows: 1000, hasRowsSeen: true}},
		{"the server counted 20% more rows than the run committed: foreign", reading{c: counters{ok: true, rowsInserted: 0}},
			reading{c: counters{ok: true, rowsInserted: 1200}, rows: 1000, sent: 5},
			runTotals{sent: 5, rows: 1000, counted: 1000, serverRows: 1200, hasRowsSeen: true, foreign: true}},
		{"deadlocked rows within the slack", reading{c: counters{ok: true}}, reading{c: counters{ok: true, rowsInserted: 1050}, rows: 1000},
			runTotals{rows: 1000, counted: 1000, serverRows: 1050, hasRowsSeen: true}},
		// QA on MariaDB 10.11: 10 rows into a partitioned table added 20 to Handler_write
		{"Handler_write: a partitioned table's 600 rows counted twice, not foreign", reading{c: counters{ok: true, handlerRows: true}},
			reading{c: counters{ok: true, handlerRows: true, rowsInserted: 1600}, rows: 1000, twice: 600},
			runTotals{rows: 1000, counted: 1600, serverRows: 1600, hasRowsSeen: true}},
		{"Innodb_rows_inserted counts them once", reading{c: counters{ok: true}},
			reading{c: counters{ok: true, rowsInserted: 1000}, rows: 1000, twice: 600},
			runTotals{rows: 1000, counted: 1000, serverRows: 1000, hasRowsSeen: true}},
		{"Handler_write, more than the partitioned rows explain: foreign", reading{c: counters{ok: true, handlerRows: true}},
			reading{c: counters{ok: true, handlerRows: true, rowsInserted: 2000}, rows: 1000, twice: 600},
			runTotals{rows: 1000, counted: 1600, serverRows: 2000, hasRowsSeen: true, foreign: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := totalsOf(tt.first, tt.last); got != tt.want {
				t.Errorf("totalsOf = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestEveryEngine: with a table that is not InnoDB the rows are
// Handler_write's, which counts every engine; without it no counter sees them.
func TestEveryEngine(t *testing.T) {
	tests := []struct {
		name     string
		in       counters
		wantRows uint64
		wantOK   bool
	}{
		{"MySQL: Innodb_rows_inserted replaced by Handler_write", counters{ok: true, rowsInserted: 100, handlerWrite: 250, hasHandlerWrite: true}, 250, true},
		{"MariaDB: Handler_write already", counters{ok: true, rowsInserted: 250, handlerRows: true, handlerWrite: 250, hasHandlerWrite: true}, 250, true},
		{"no Handler_write", counters{ok: true, rowsInserted: 100}, 100, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.in.everyEngine()
			if got.rowsInserted != tt.wantRows || ok != tt.wantOK || ok && !got.handlerRows {
				t.Errorf("everyEngine = %d rows (handler %v), %v; want %d, %v", got.rowsInserted, got.handlerRows, ok, tt.wantRows, tt.wantOK)
			}
		})
	}
}

// TestStepOrder: down from the most sessions, back up, down again, whatever
// order the counts come in.
func TestStepOrder(t *testing.T) {
	tests := []struct {
		name    string
		threads []int
		rounds  int
		want    []int
	}{
		{"three rounds", []int{1, 2, 4}, 3, []int{4, 2, 1, 1, 2, 4, 4, 2, 1}},
		{"unsorted counts", []int{8, 1, 4}, 1, []int{8, 4, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := stepOrder(tt.threads, tt.rounds); !slices.Equal(got, tt.want) {
				t.Errorf("stepOrder = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWindowFor: the time left shared by the steps left; never under minStep.
func TestWindowFor(t *testing.T) {
	s := time.Second
	tests := []struct {
		name  string
		left  time.Duration
		steps int
		want  time.Duration
	}{
		{"shared", 40 * s, 8, 5 * s},
		{"run over: minStep", -2 * s, 4, minStep},
		{"no step left", 5 * s, 0, minStep},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := windowFor(tt.left, tt.steps); got != tt.want {
				t.Errorf("windowFor = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestPooled: steps weighted by their window time; a count whose medians
// tie is told apart by its stalls (a 0 MB/s window counts for its length).
func TestPooled(t *testing.T) {
	tests := []struct {
		name     string
		ss       []profile.DumpLoadSample
		mb, secs float64
	}{
		{"weighted", []profile.DumpLoadSample{{MBPerS: 1, WindowS: 1}, {MBPerS: 4, WindowS: 3}}, 13.0 / 4, 4},
		{"a stalled window", []profile.DumpLoadSample{{MBPerS: 2, WindowS: 4}, {MBPerS: 0, WindowS: 4}, {MBPerS: 2, WindowS: 4}}, 4.0 / 3, 12},
		{"no window", []profile.DumpLoadSample{{MBPerS: 3}}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mb, _, secs := pooled(tt.ss)
			if math.Abs(mb-tt.mb) > 1e-9 || secs != tt.secs {
				t.Errorf("pooled = %v MB/s over %v s, want %v over %v", mb, secs, tt.mb, tt.secs)
			}
		})
	}
}

// TestWarmReached: the checkpoint age first, then the bytes, then the time.
func TestWarmReached(t *testing.T) {
	logBytes := uint64(100 << 20)
	aged := counters{hasCheckpointAge: true, checkpointAge: 75 << 20, logFileBytes: logBytes}
	young := counters{hasCheckpointAge: true, checkpointAge: 10 << 20, logFileBytes: logBytes}
	tests := []struct {
		name        string
		c           counters
		bytes       uint64
		took, limit time.Duration
		want        string
	}{
		{"checkpoint age 75% of the log", aged, 0, time.Second, 10 * time.Second, "checkpoint_age"},
		{"bytes loaded", young, 200, time.Second, 10 * time.Second, "bytes"},
		{"time up", young, 10, 10 * time.Second, 10 * time.Second, "time"},
		{"not yet", young, 10, time.Second, 10 * time.Second, ""},
		{"no checkpoint status (MySQL)", counters{}, 10, time.Second, 10 * time.Second, ""},
		{"aged already, but under minStep", aged, 200, minStep / 2, 10 * time.Second, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := warmReached(tt.c, tt.bytes, 100, tt.took, tt.limit); !strings.EqualFold(got, tt.want) {
				t.Errorf("warmReached = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFillSample: a step's windows add up (a refill between them is not
// counted), and its regime runs from the first window's start to the last's end.
func TestFillSample(t *testing.T) {
	r := func(d time.Duration, lsn, sent, rows uint64, files int64) reading {
		x := at(d, rows, lsn, true, sent)
		x.files = files
		x.c.total, x.c.free = 100, 50
		return x
	}
	ws := []window{
		{r(0, 0, 0, 0, 0), r(2*time.Second, 4e6, 1e6, 500, 2)},
		{r(3*time.Second, 5e6, 1.2e6, 600, 2), r(4*time.Second, 7e6, 1.7e6, 900, 3)},
	}
	var s profile.DumpLoadSample
	fillSample(&s, ws)
	if s.Windows != 2 || s.WindowS != 3 || s.Bytes != 1.5e6 || s.Rows != 800 || s.RedoBytes != 6e6 || s.ServerRows != 800 || s.Files != 3 {
		t.Errorf("fillSample = %+v", s)
	}
	if s.Regime == nil || s.Regime.PoolFreePctStart != 50 {
		t.Errorf("regime %+v", s.Regime)
	}
}

// TestRedoPerByte: the run's redo per dump byte, or 0 when it is not the dump's.
func TestRedoPerByte(t *testing.T) {
	tests := []struct {
		name string
		t    runTotals
		want float64
	}{
		{"205 MB of redo for 159 MB of SQL (docs/benchmarks/redo-per-byte.md): 1.289", runTotals{sent: 159121720, redo: 205162361, hasRedo: true}, 1.289},
		{"no LSN (MySQL before 8.0.30): 0", runTotals{sent: 159121720}, 0},
		{"another session inserting: 0", runTotals{sent: 1e6, redo: 3e6, hasRedo: true, foreign: true}, 0},
		{"nothing sent: 0", runTotals{redo: 3e6, hasRedo: true}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.t.redoPerByte(); got != tt.want {
				t.Errorf("redoPerByte() = %v, want %v", got, tt.want)
			}
		})
	}
}
