package calibrate

import (
	"fmt"
	"slices"

	"github.com/mytune/mytune/internal/stats"
	"github.com/mytune/mytune/profile"
)

// DumpSchema is the JSON document type of calibrate --dump.
const DumpSchema = "mytune.calibrate.dump/v1"

// DumpReport is the JSON document of `mytune calibrate --dump` (schema
// "mytune.calibrate.dump/v1", docs/contract-calibration.md): real rows of
// a dump loaded at several session counts on the restore target.
type DumpReport struct {
	Schema      string     `json:"schema"`
	TakenAt     string     `json:"taken_at"`
	ToolVersion string     `json:"tool_version"`
	Server      DumpServer `json:"server"`
	Dump        DumpInfo   `json:"dump"`
	Method      DumpMethod `json:"method"`
	// Warmup is the untimed load before the first step (nil when none ran).
	Warmup *Warmup `json:"warmup,omitempty"`
	// Points are the session counts, ascending.
	Points []DumpPoint `json:"points"`
	Choice DumpChoice  `json:"choice"`
	// Capped says which counts were not measured and why.
	Capped    []string `json:"capped,omitempty"`
	DurationS float64  `json:"duration_s"`
	// CleanupS is the time dropping the scratch schema took; WallS the
	// whole run's, from its start to the schema dropped (--duration bounds it).
	CleanupS      float64       `json:"cleanup_s"`
	WallS         float64       `json:"wall_s"`
	SchemaDropped bool          `json:"schema_dropped"`
	Notes         []string      `json:"notes,omitempty"`
	Gaps          []profile.Gap `json:"gaps,omitempty"`
}

// DumpServer names the server calibrated, so that a saved calibration
// used against another server is noticed.
type DumpServer struct {
	Version  string `json:"version"`
	Flavor   string `json:"flavor"`
	Hostname string `json:"hostname"`
	Port     int    `json:"port"`
	Datadir  string `json:"datadir"`
	// ServerUUID is MySQL's @@server_uuid ("" on MariaDB, which has none).
	ServerUUID      string `json:"server_uuid,omitempty"`
	BufferPoolBytes uint64 `json:"buffer_pool_bytes"`
	MaxConnections  int    `json:"max_connections"`
}

// DumpInfo names the dump and the sample loaded from it.
type DumpInfo struct {
	Path   string `json:"path"`
	Format string `json:"format"` // mydumper, mysqlsh, mysqldump
	// FileBytes is every file of the dump on disk: with Path, its identity.
	FileBytes uint64 `json:"file_bytes"`
	// DataFiles and Tables are what could be loaded; SampleFiles and
	// SampleTables what each step loads from (the first files, tables interleaved).
	DataFiles    int `json:"data_files"`
	Tables       int `json:"tables"`
	SampleFiles  int `json:"sample_files"`
	SampleTables int `json:"sample_tables"`
	// SampleRows is the rows of the sampled files, counted when the run
	// had loaded them all (0 when it never did: a large dump).
	SampleRows uint64 `json:"sample_rows,omitempty"`
	// OneSession: the dump restores through one session (mysql < dump.sql).
	OneSession bool `json:"one_session,omitempty"`
}

// DumpMethod says how the rows were loaded.
type DumpMethod struct {
	Threads      []int   `json:"threads"`
	Rounds       int     `json:"rounds"`
	StepS        float64 `json:"step_s"`
	StepMaxBytes uint64  `json:"step_max_bytes"`
	// Statements and Commit describe the statements sent and when they commit.
	Statements string `json:"statements"`
	// PieceBytes is the size a mydumper INSERT was cut into after the
	// warm-up (pieceFor; whole statements when it is above theirs).
	PieceBytes int    `json:"piece_bytes,omitempty"`
	Commit     string `json:"commit"`
	Order      string `json:"order"`
}

// DumpSample is one step: one session count in one round.
type DumpSample struct {
	Round      int    `json:"round"`
	Rows       uint64 `json:"rows"`
	Bytes      uint64 `json:"bytes"`
	Statements int    `json:"statements"`
	Commits    int    `json:"commits"`
	// Deadlocks are transactions InnoDB rolled back (error 1213); their
	// rows are neither loaded nor counted.
	Deadlocks int     `json:"deadlocks,omitempty"`
	Files     int     `json:"files"` // files begun
	DurationS float64 `json:"duration_s"`
	// Windows is how many windows the step was measured in (more than one
	// when the sample ran out and the tables were recreated within it).
	Windows int `json:"windows"`
	// StoppedBytes is the dump bytes in flight in the sessions the step
	// stopped (it had fewer than the last): they finished inside its
	// first window, and half of them is taken off its rate.
	StoppedBytes uint64 `json:"stopped_bytes,omitempty"`
	// RowsPerS and MBPerS sum each session's rows and dump bytes
	// (uncompressed, 10^6 bytes) over its own time in the step.
	RowsPerS float64 `json:"rows_per_s"`
	MBPerS   float64 `json:"mb_per_s"`
	// BudgetReached: the step stopped at StepMaxBytes; RanOut: at the sample's last file.
	BudgetReached bool `json:"budget_reached,omitempty"`
	RanOut        bool `json:"ran_out,omitempty"`
	// Basis says how the rates were measured over the step's windows
	// (WindowS, every session loading): BasisRedo (the redo bytes InnoDB
	// wrote, RedoBytes, at the run's dump bytes per redo byte), BasisServer
	// (the rows the server inserted, ServerRows), or else BasisSessions (the
	// dump bytes the sessions sent).
	Basis      string  `json:"basis,omitempty"`
	WindowS    float64 `json:"window_s,omitempty"`
	ServerRows uint64  `json:"server_rows,omitempty"`
	RedoBytes  uint64  `json:"redo_bytes,omitempty"`
	// ForeignRows: the server counted more rows than the step loaded
	// (another session was inserting), so the sessions' count was used.
	ForeignRows bool        `json:"foreign_rows,omitempty"`
	Regime      *StepRegime `json:"regime,omitempty"`
	threads     int
}

// Bases of a step's rates (DumpSample.Basis).
const (
	BasisRedo     = "server_redo_bytes"
	BasisServer   = "server_rows_inserted"
	BasisSessions = "sessions_committed"
)

// DumpPoint is one session count over its rounds: MBPerS and RowsPerS
// over all its windows together (each step's rate weighted by its window
// time: the average a restore at this count sees through stalls that a
// short window may land in or miss), the steps' median and range.
type DumpPoint struct {
	Threads     int     `json:"threads"`
	RowsPerS    float64 `json:"rows_per_s"`
	MBPerS      float64 `json:"mb_per_s"`
	MBPerSMin   float64 `json:"mb_per_s_min"`
	MBPerSMax   float64 `json:"mb_per_s_max"`
	RowsPerSMin float64 `json:"rows_per_s_min"`
	RowsPerSMax float64 `json:"rows_per_s_max"`
	SpreadPct   float64 `json:"spread_pct"` // (max - min) / median of MB/s, in %
	// MedianMBPerS is the median of the steps' MB/s; WindowS the count's
	// windows in all.
	MedianMBPerS float64      `json:"mb_per_s_median"`
	WindowS      float64      `json:"window_s"`
	Rounds       []DumpSample `json:"rounds"`
}

// DumpChoice is the fewest sessions within NearBestPct of the best MB/s (pooled over the windows).
type DumpChoice struct {
	Threads     int     `json:"threads"`
	MBPerS      float64 `json:"mb_per_s"`
	RowsPerS    float64 `json:"rows_per_s"`
	BestThreads int     `json:"best_threads"`
	BestMBPerS  float64 `json:"best_mb_per_s"`
	WithinPct   float64 `json:"within_pct"`
	Why         string  `json:"why"`
}

// summarise turns each count's samples into a point (medians, range).
func summarise(threads []int, samples map[int][]DumpSample) []DumpPoint {
	pts := make([]DumpPoint, 0, len(threads))
	for _, n := range threads {
		ss := samples[n]
		if len(ss) == 0 {
			continue
		}
		mb := make([]float64, len(ss))
		rows := make([]float64, len(ss))
		for i, s := range ss {
			mb[i], rows[i] = s.MBPerS, s.RowsPerS
		}
		p := DumpPoint{Threads: n, MedianMBPerS: stats.Median(mb),
			MBPerSMin: slices.Min(mb), MBPerSMax: slices.Max(mb), RowsPerSMin: slices.Min(rows), RowsPerSMax: slices.Max(rows), Rounds: ss}
		p.MBPerS, p.RowsPerS, p.WindowS = pooled(ss)
		if p.MedianMBPerS > 0 {
			p.SpreadPct = 100 * (p.MBPerSMax - p.MBPerSMin) / p.MedianMBPerS
		}
		pts = append(pts, p)
	}
	slices.SortFunc(pts, func(a, b DumpPoint) int { return a.Threads - b.Threads })
	return pts
}

// pooled is the rate over all the steps' windows together: each step's
// rate weighted by its window time, and the total window time.
func pooled(ss []DumpSample) (mbPerS, rowsPerS, windowS float64) {
	var mb, rows float64
	for _, s := range ss {
		mb += s.MBPerS * s.WindowS
		rows += s.RowsPerS * s.WindowS
		windowS += s.WindowS
	}
	if windowS <= 0 {
		return 0, 0, 0
	}
	return mb / windowS, rows / windowS, windowS
}

// choose picks the fewest sessions whose MB/s (pooled) is within NearBestPct
// of the best, and says so with the numbers.
func choose(pts []DumpPoint) DumpChoice {
	best := DumpPoint{}
	for _, p := range pts {
		if p.MBPerS > best.MBPerS {
			best = p
		}
	}
	if best.MBPerS <= 0 {
		return DumpChoice{WithinPct: NearBestPct, Why: "no step loaded any rows"}
	}
	for _, p := range pts {
		if p.MBPerS >= (1-NearBestPct/100)*best.MBPerS {
			c := DumpChoice{Threads: p.Threads, MBPerS: p.MBPerS, RowsPerS: p.RowsPerS, BestThreads: best.Threads,
				BestMBPerS: best.MBPerS, WithinPct: NearBestPct}
			c.Why = fmt.Sprintf("%d session(s) loaded %.1f MB/s (%.0f rows/s) over %.0f s of %d windows (steps %.1f–%.1f), ",
				p.Threads, p.MBPerS, p.RowsPerS, p.WindowS, len(p.Rounds), p.MBPerSMin, p.MBPerSMax)
			if p.Threads == best.Threads {
				c.Why += "the best of the counts measured"
			} else {
				c.Why += fmt.Sprintf("within %.0f%% of the best, %.1f MB/s at %d", NearBestPct, best.MBPerS, best.Threads)
			}
			return c
		}
	}
	return DumpChoice{}
}
