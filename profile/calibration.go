package profile

// CalibrationSchema is the JSON document type of a calibration report.
const CalibrationSchema = "mytune.calibrate/v1"

// InsertPoint is one step of the curve: inserts at Threads connections.
type InsertPoint struct {
	Threads     int     `json:"threads"`
	RowsPerS    float64 `json:"rows_per_s"`
	MBPerS      float64 `json:"mb_per_s"` // row bytes (RowBytes each), 10^6 bytes
	Rows        uint64  `json:"rows"`
	Batches     int     `json:"batches"`
	DurationS   float64 `json:"duration_s"`
	BatchP50US  float64 `json:"batch_p50_us"` // BEGIN + INSERT + COMMIT
	BatchP99US  float64 `json:"batch_p99_us"`
	CommitP50US float64 `json:"commit_p50_us"` // COMMIT alone
	CommitP99US float64 `json:"commit_p99_us"`
	// BudgetReached says the step stopped at its share of MaxBytes, before its time.
	BudgetReached bool `json:"budget_reached"`
}

// CalibrationResult is what a run measured.
type CalibrationResult struct {
	Server   CalibratedServer `json:"server"`
	Workload InsertWorkload   `json:"workload"`
	Points   []InsertPoint    `json:"points"`
	// BytesInserted is the row bytes of all steps (Rows × RowBytes).
	BytesInserted uint64  `json:"bytes_inserted"`
	DurationS     float64 `json:"duration_s"`
	// SchemaDropped is true once the scratch schema is gone again.
	SchemaDropped bool `json:"schema_dropped"`
	// Notes are facts a reader should know (budget reached, a step cut short).
	Notes []string `json:"notes"`
}

// CalibratedServer names the server calibrated.
type CalibratedServer struct {
	Version string `json:"version"`
	Flavor  string `json:"flavor"`
}

// InsertWorkload describes what was inserted.
type InsertWorkload struct {
	Schema    string `json:"schema"`
	Table     string `json:"table"`
	RowBytes  int    `json:"row_bytes"`
	BatchRows int    `json:"batch_rows"`
	MaxBytes  uint64 `json:"max_bytes"`
	// Pattern is one sentence on the statements.
	Pattern string `json:"pattern"`
}

// CalibrationReport is the JSON document of `mytune calibrate` (schema
// "mytune.calibrate/v1"): the measured curve, the knee found in it and,
// when one was made, what advise predicted for a restore on this machine.
type CalibrationReport struct {
	Schema      string `json:"schema"`
	TakenAt     string `json:"taken_at"`
	ToolVersion string `json:"tool_version"`
	CalibrationResult
	Knee      InsertKnee      `json:"knee"`
	Predicted *LoadPrediction `json:"predicted,omitempty"`
	// Verdict is one sentence comparing the knee with the prediction.
	Verdict string `json:"verdict"`
	Gaps    []Gap  `json:"gaps"`
}

// InsertKnee is the connection count past which more connections stop paying.
type InsertKnee struct {
	Threads  int     `json:"threads"`
	RowsPerS float64 `json:"rows_per_s"`
	Why      string  `json:"why"`
}

// LoadPrediction is advise's restore thread count for this machine.
type LoadPrediction struct {
	Threads int    `json:"threads"`
	Why     string `json:"why"`
	// Source says which profile it came from ("probe of /var/lib/mysql", "--from p.json").
	Source string `json:"source"`
	// OtherHost says, when the profile (--from) was taken on another host
	// than the server calibrated, which two: the prediction is that host's,
	// so the verdict does not compare it with the knee ("" when they match
	// or either is unknown).
	OtherHost string `json:"other_host,omitempty"`
}

// CalibrationCleanup is what `mytune calibrate --cleanup` found and did
// (its --format json document): the schema, whether it existed and was
// dropped, and the marker of the run that left it.
type CalibrationCleanup struct {
	Schema    string `json:"schema"`
	Existed   bool   `json:"existed"`
	Dropped   bool   `json:"dropped"`
	RunID     string `json:"run_id,omitempty"`
	Host      string `json:"host,omitempty"`
	PID       int    `json:"pid,omitempty"`
	StartedAt string `json:"started_at,omitempty"`
}
