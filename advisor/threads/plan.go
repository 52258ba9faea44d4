package threads

import (
	"encoding/json"
	"time"

	"github.com/mytune/mytune/profile"
)

// Tasks a plan can be asked for (advise --task).
const (
	TaskAll  = "all"
	TaskDump = "dump"
	TaskLoad = "load"
	TaskCopy = "copy"
	TaskOLTP = "oltp"
)

// Durability choices (advise --durability): strict never trades away commits.
const (
	DurabilityStrict  = "strict"
	DurabilityRelaxed = "relaxed"
)

// Options says what to size for.
type Options struct {
	Task       string // all|dump|load|copy|oltp; "" means all
	Durability string // strict|relaxed; "" means strict
	// Target is the server the plan is for (the advisor passes its
	// resolved target); zero means the profile's live server, if any.
	Target profile.Target
	// Calibration, when given, is calibrate --dump's measurement on the
	// target: the load choice follows it (see withCalibration).
	Calibration *Calibration
	// Advised are the settings the advice's my.cnf sets (variable →
	// recommended value): the load runs after they are applied, so the
	// plan sizes for them (the buffer pool above all).
	Advised map[string]string
	// PoolUnfit is set when the advice found no room for any buffer pool
	// in this memory (memory.no_room_for_pool): the plan still sizes for
	// the pool the server would start with, and says it does not fit.
	PoolUnfit bool
	// ServerFlags are the shell words of the server flags that named the
	// server the advice read (connflags.Source.ShellFlags, no password):
	// the calibrate line in the notes carries them to reach that server.
	ServerFlags string
	// asMeasured keeps the load's data-file writes as they are, offering no
	// page-cache setting: tests that hold the estimate against restores
	// measured without it (the restore matrix) set it.
	asMeasured bool
}

// Plan is the thread-sizing advice: the advice JSON "threads" block
// (dump, load, copy, commands) plus load-time settings and an estimate.
// For --task oltp nothing is dumped or loaded, so no thread count is
// sized: the choices stay zero (threads 0, why "", the load's basis
// "modelled from the probe" as the contract always sets it) and a note says so.
type Plan struct {
	Dump     Choice   `json:"dump"`
	Load     Choice   `json:"load"`
	Copy     Choice   `json:"copy"`
	Commands []string `json:"commands"`
	// Warnings come before the commands: what running them does to this
	// server beyond the load (a replica written to differs from its
	// source); [] when there is none.
	Warnings []string `json:"warnings"`
	// Temporary are settings worth changing for the duration of a load, each with its undo.
	Temporary []Setting `json:"temporary"`
	// EstimatedLoad is the expected restore time of the dump; zero (and
	// absent from the JSON) without a dump or when no load is planned.
	EstimatedLoad DurationRange `json:"estimated_load,omitzero"`
	// EstimatedSettled is the expected time from the loader's start until
	// every page the load dirtied is written (EstimatedLoad plus the page
	// writes after it); zero when the disk's random writes are unmeasured.
	EstimatedSettled DurationRange `json:"estimated_settled,omitzero"`
	// EstimatedLoadBinlog is EstimatedLoad for a load that writes the
	// binary log (myloader --enable-binlog, as replicas need) on a target
	// whose binary log is on; zero otherwise (the advice skips it).
	EstimatedLoadBinlog DurationRange `json:"estimated_load_binlog_written,omitzero"`
	// EstimatedLoadAsIs and EstimatedSettledAsIs are the same restore as the
	// target is now, without the advice (asIsPlan: the loader's default
	// sessions, the server's own pool and settings), from the same model;
	// zero when the plan's own are.
	EstimatedLoadAsIs    DurationRange `json:"estimated_load_as_is,omitzero"`
	EstimatedSettledAsIs DurationRange `json:"estimated_settled_as_is,omitzero"`
	// LoadedInnoDBBytes is the buffer pool the dump's InnoDB tables fill
	// once loaded (innoDBPoolBytes), with LoadedInnoDBBasis saying how it
	// was counted; 0 and "" without a dump.
	LoadedInnoDBBytes uint64 `json:"loaded_innodb_bytes,omitempty"`
	LoadedInnoDBBasis string `json:"loaded_innodb_basis,omitempty"`
	// Notes are caveats on the commands and settings (tool versions, what was not offered and why).
	Notes []string `json:"notes"`
	// keys is what the printed load does with the dump's plain secondary
	// indexes (keyPlan): the commands and the estimate follow it.
	keys keyDeferral
}

// Choice is one thread count and the reasoning behind it, naming the numbers.
type Choice struct {
	Threads int    `json:"threads"`
	Why     string `json:"why"`
	// Basis says what a load choice rests on: BasisCalibrated or BasisModelled.
	Basis string `json:"basis,omitempty"`
	// Calibration is the calibration given, with what differs from the target.
	Calibration *Calibration `json:"calibration,omitempty"`
}

// Setting is one temporary load-time change with the exact statement to undo it.
type Setting struct {
	Name  string `json:"name"`
	Apply string `json:"apply"`
	Undo  string `json:"undo"`
	// UndoWhen, when set, says when the undo may run: after the load has
	// settled (shrinking a grown pool or redo log first writes every
	// dirty page), with the check and the time it takes on this disk.
	UndoWhen string `json:"undo_when,omitempty"`
	Warning  string `json:"warning,omitempty"`
	// Cnf, when set, is the my.cnf line ([mysqld]) the apply adds: a
	// setting the server reads only at start, so Apply and Undo are
	// restarts with and without it.
	Cnf string `json:"cnf,omitempty"`
	// settles marks a setting whose undo waits for the load to settle.
	settles bool
}

// DurationRange is a low–high estimate; Basis states the assumptions.
type DurationRange struct {
	Low   time.Duration
	High  time.Duration
	Basis string
}

// IsZero reports whether no estimate was made (a made one always has a
// Basis, even when a tiny dump rounds to 0 s).
func (r DurationRange) IsZero() bool { return r.Low == 0 && r.High == 0 && r.Basis == "" }

// MarshalJSON writes the range in seconds: {"low_s", "high_s", "basis"}.
func (r DurationRange) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		LowS  float64 `json:"low_s"`
		HighS float64 `json:"high_s"`
		Basis string  `json:"basis,omitempty"`
	}{r.Low.Seconds(), r.High.Seconds(), r.Basis})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (r *DurationRange) UnmarshalJSON(b []byte) error {
	var v struct {
		LowS  float64 `json:"low_s"`
		HighS float64 `json:"high_s"`
		Basis string  `json:"basis"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	r.Low = time.Duration(v.LowS * float64(time.Second))
	r.High = time.Duration(v.HighS * float64(time.Second))
	r.Basis = v.Basis
	return nil
}
