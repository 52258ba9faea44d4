package profile

// DumpCalibrationSchema is the JSON document type of calibrate --dump.
const DumpCalibrationSchema = "mytune.calibrate.dump/v1"

// DumpCalibration is the JSON document of `mytune calibrate --dump` (schema
// "mytune.calibrate.dump/v1", docs/contract-calibration.md): real rows of
// a dump loaded at several session counts on the restore target.
type DumpCalibration struct {
	Schema      string                `json:"schema"`
	TakenAt     string                `json:"taken_at"`
	ToolVersion string                `json:"tool_version"`
	Server      DumpCalibrationServer `json:"server"`
	Dump        CalibratedDump        `json:"dump"`
	Method      DumpLoadMethod        `json:"method"`
	// Warmup is the untimed load before the first step (nil when none ran).
	Warmup *DumpWarmup `json:"warmup,omitempty"`
	// Points are the session counts, ascending.
	Points []DumpLoadPoint `json:"points"`
	Choice DumpLoadChoice  `json:"choice"`
	// RedoBytesPerDumpByte is the redo InnoDB wrote per byte of dump the
	// sessions committed, over the whole run (the LSN at the gang's first
	// and last readings); 0 (absent) when the server shows no LSN (MySQL
	// before 8.0.30) or another session was inserting. advise sizes the
	// load's redo with it (advisor/threads, redoroom.go).
	RedoBytesPerDumpByte float64 `json:"redo_bytes_per_dump_byte,omitempty"`
	// Capped says which counts were not measured and why.
	Capped    []string `json:"capped"`
	DurationS float64  `json:"duration_s"`
	// CleanupS is the time dropping the scratch schema took; WallS the
	// whole run's, from its start to the schema dropped (--duration bounds it).
	CleanupS      float64  `json:"cleanup_s"`
	WallS         float64  `json:"wall_s"`
	SchemaDropped bool     `json:"schema_dropped"`
	Notes         []string `json:"notes"`
	Gaps          []Gap    `json:"gaps"`
}

// DumpCalibrationServer names the server calibrated, so that a saved calibration
// used against another server is noticed.
type DumpCalibrationServer struct {
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

// CalibratedDump names the dump and the sample loaded from it.
type CalibratedDump struct {
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

// DumpLoadMethod says how the rows were loaded.
type DumpLoadMethod struct {
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

// DumpLoadSample is one step: one session count in one round.
type DumpLoadSample struct {
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
	StoppedBytes uint64 `json:"stopped_bytes"`
	// RowsPerS and MBPerS sum each session's rows and dump bytes
	// (uncompressed, 10^6 bytes) over its own time in the step.
	RowsPerS float64 `json:"rows_per_s"`
	MBPerS   float64 `json:"mb_per_s"`
	// BudgetReached: the step stopped at StepMaxBytes; RanOut: at the sample's last file.
	BudgetReached bool `json:"budget_reached"`
	RanOut        bool `json:"ran_out"`
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
	ForeignRows bool        `json:"foreign_rows"`
	Regime      *StepRegime `json:"regime,omitempty"`
	// Threads is the session count of the step (not in the JSON: the point holds it).
	Threads int `json:"-"`
}

// Bases of a step's rates (DumpSample.Basis).
const (
	BasisRedo     = "server_redo_bytes"
	BasisServer   = "server_rows_inserted"
	BasisSessions = "sessions_committed"
)

// DumpLoadPoint is one session count over its rounds: MBPerS and RowsPerS
// over all its windows together (each step's rate weighted by its window
// time: the average a restore at this count sees through stalls that a
// short window may land in or miss), the steps' median and range.
type DumpLoadPoint struct {
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
	MedianMBPerS float64          `json:"mb_per_s_median"`
	WindowS      float64          `json:"window_s"`
	Rounds       []DumpLoadSample `json:"rounds"`
}

// DumpLoadChoice is the fewest sessions within NearBestPct of the best MB/s (pooled over the windows).
type DumpLoadChoice struct {
	Threads     int     `json:"threads"`
	MBPerS      float64 `json:"mb_per_s"`
	RowsPerS    float64 `json:"rows_per_s"`
	BestThreads int     `json:"best_threads"`
	BestMBPerS  float64 `json:"best_mb_per_s"`
	WithinPct   float64 `json:"within_pct"`
	Why         string  `json:"why"`
}

// StepRegime is the state of the server's buffer pool and redo log at a
// step's start and at its deadline: which regime the step measured (an
// empty pool takes rows at memory speed; a full one, or a redo log near its
// checkpoint limit, at the speed the disk writes pages back).
type StepRegime struct {
	PoolFreePctStart  float64 `json:"pool_free_pct_start"`
	PoolFreePct       float64 `json:"pool_free_pct"`
	PoolDirtyPctStart float64 `json:"pool_dirty_pct_start"`
	PoolDirtyPct      float64 `json:"pool_dirty_pct"`
	// PagesFlushed is the pages InnoDB wrote back during the window.
	PagesFlushed uint64 `json:"pages_flushed"`
	// CheckpointAgePct is MariaDB's Innodb_checkpoint_age at the deadline
	// as a share of innodb_log_file_size (absent on MySQL, which has no such status).
	CheckpointAgePct *float64 `json:"checkpoint_age_pct,omitempty"`
}

// DumpWarmup is the untimed load before the first step: at the most sessions,
// until the server is in the regime a restore spends its time in.
type DumpWarmup struct {
	DurationS float64 `json:"duration_s"`
	Bytes     uint64  `json:"bytes"`
	Threads   int     `json:"threads"`
	// Reached says what ended it: "checkpoint_age" (the redo log
	// CheckpointWarmPct full: InnoDB is flushing pages to advance the
	// checkpoint), "bytes" (TargetBytes loaded: the buffer pool's size,
	// or half the dump when that is smaller), "time" (WarmShare of the run)
	// or "sample" (the sampled files ran out).
	Reached string `json:"reached"`
	// EndMBPerS is the dump bytes a second the sessions sent over the
	// warm-up's last second (the regime it reached); it sizes the pieces.
	EndMBPerS   float64     `json:"end_mb_per_s"`
	TargetBytes uint64      `json:"target_bytes"`
	Regime      *StepRegime `json:"regime,omitempty"`
}
