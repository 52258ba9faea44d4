package profile

// Trust note kinds (CONTRACT.md "trust"): stable snake_case ids a program
// may match on. advisor.Trust decides when each applies.
const (
	// TrustBusyLoad: the load average before the run was above the CPUs.
	TrustBusyLoad = "busy_load"
	// TrustIOPressure: PSI io "some" avg10 before the run was above its threshold.
	TrustIOPressure = "io_pressure"
	// TrustCPUPressure: PSI cpu "some" avg10 before the run was above its threshold.
	TrustCPUPressure = "cpu_pressure"
	// TrustNoisyFigure: a figure's slices spread more than their threshold.
	TrustNoisyFigure = "noisy_figure"
	// TrustBimodalFdatasync: the fdatasync p90 is many times its p50.
	TrustBimodalFdatasync = "bimodal_fdatasync"
	// TrustFewOperations: a curve point's windows counted few operations per thread.
	TrustFewOperations = "few_operations"
	// TrustLowPriority: the probe ran at a nice value above 0.
	TrustLowPriority = "low_priority"
	// TrustIdleIOClass: the probe ran in the idle I/O scheduling class.
	TrustIdleIOClass = "idle_io_class"
	// TrustOtherIO: others wrote a share of the measured device's bytes during the measurement.
	TrustOtherIO = "other_io"
)

// TrustFigureHost is the figure a busy-host note is about: every figure,
// since the host, not one measurement, was busy.
const TrustFigureHost = "host"

// Units of a trust note's Measured and Threshold.
const (
	TrustUnitTasks        = "tasks"          // a load average against the CPUs (proc(5))
	TrustUnitPercent      = "percent"        // a PSI share of time, or a spread over the median
	TrustUnitRatio        = "ratio"          // fdatasync p90 over p50
	TrustUnitOpsPerThread = "ops_per_thread" // completions per thread in a point's measuring windows
	TrustUnitNice         = "nice"           // a nice value, -20..19 (setpriority(2))
	TrustUnitIOClass      = "io_class"       // an I/O class number: 2 best-effort, 3 idle (ioprio_get(2))
)

// TrustNote is one reason to trust a measured figure less, as data: which
// figure, what was measured, what it was compared with. The advice and
// profile JSON carry it (CONTRACT.md); a reader of a saved document
// recomputes the notes from the figures rather than reading them back.
type TrustNote struct {
	// Kind is one of the Trust* kinds above ("noisy_figure").
	Kind string `json:"kind"`
	// Figure names the figure: "seq_write", "seq_read", "fdatasync_p50",
	// "random_write_8" (the curve and its thread count), or "host".
	Figure string `json:"figure"`
	// Measured is the number that crossed the threshold, in Unit.
	Measured float64 `json:"measured"`
	// Threshold is what Measured was compared with, in Unit: the note
	// stands because Measured is above it, or, for few_operations, below it.
	Threshold float64 `json:"threshold"`
	// Unit is one of the TrustUnit* units.
	Unit string `json:"unit"`
	// Text is the sentence the text report prints for this figure alone.
	Text string `json:"text"`
}
