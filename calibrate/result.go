package calibrate

import "github.com/mytune/mytune/profile"

// Schema is the JSON document type of a calibration report.
const Schema = "mytune.calibrate/v1"

// RowBytes is the row data of one inserted row: id BIGINT (8) + k INT (4)
// + c CHAR(120) + pad CHAR(60), in a single-byte character set (MySQL
// manual, "Data Type Storage Requirements"). The byte budget counts these.
const RowBytes = 8 + 4 + 120 + 60

// Point is one step of the curve: inserts at Threads connections.
type Point struct {
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
	BudgetReached bool `json:"budget_reached,omitempty"`
}

// Result is what a run measured.
type Result struct {
	Server   ServerInfo `json:"server"`
	Workload Workload   `json:"workload"`
	Points   []Point    `json:"points"`
	// BytesInserted is the row bytes of all steps (Rows × RowBytes).
	BytesInserted uint64  `json:"bytes_inserted"`
	DurationS     float64 `json:"duration_s"`
	// SchemaDropped is true once the scratch schema is gone again.
	SchemaDropped bool `json:"schema_dropped"`
	// Notes are facts a reader should know (budget reached, a step cut short).
	Notes []string `json:"notes,omitempty"`
}

// ServerInfo names the server calibrated.
type ServerInfo struct {
	Version string `json:"version"`
	Flavor  string `json:"flavor"`
}

// Workload describes what was inserted.
type Workload struct {
	Schema    string `json:"schema"`
	Table     string `json:"table"`
	RowBytes  int    `json:"row_bytes"`
	BatchRows int    `json:"batch_rows"`
	MaxBytes  uint64 `json:"max_bytes"`
	// Pattern is one sentence on the statements.
	Pattern string `json:"pattern"`
}

// Report is the JSON document of `mytune calibrate` (schema
// "mytune.calibrate/v1"): the measured curve, the knee found in it and,
// when one was made, what advise predicted for a restore on this machine.
type Report struct {
	Schema      string `json:"schema"`
	TakenAt     string `json:"taken_at"`
	ToolVersion string `json:"tool_version"`
	Result
	Knee      Knee        `json:"knee"`
	Predicted *Prediction `json:"predicted,omitempty"`
	// Verdict is one sentence comparing the knee with the prediction.
	Verdict string        `json:"verdict"`
	Gaps    []profile.Gap `json:"gaps,omitempty"`
}

// Knee is the connection count past which more connections stop paying.
type Knee struct {
	Threads  int     `json:"threads"`
	RowsPerS float64 `json:"rows_per_s"`
	Why      string  `json:"why"`
}

// Prediction is advise's restore thread count for this machine.
type Prediction struct {
	Threads int    `json:"threads"`
	Why     string `json:"why"`
	// Source says which profile it came from ("probe of /var/lib/mysql", "--from p.json").
	Source string `json:"source"`
}
