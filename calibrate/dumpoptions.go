package calibrate

import (
	"fmt"
	"time"

	"github.com/mytune/mytune/probe/dump"
)

// Defaults of DumpOptions.
const (
	// DefaultDumpDuration is calibrate --dump's whole run: warm-up
	// (WarmShare), steps and their drains, and dropping the scratch schema
	// (CleanupShare), so a default run stays under the 60 s (card
	// bed, 2026-12-01: the sessions' last pieces and the drop took 2.7-15.4 s).
	DefaultDumpDuration = 55 * time.Second
	// DefaultRounds is how often each session count is measured: down from
	// the most sessions, back up, down again (stepOrder), so each count
	// follows a larger and a smaller one (or itself), a machine whose other
	// load comes and goes (the shared 2-core VM: a 4-thread restore took
	// 5.0-19.3 s, 2026-12-01) shares it among the counts, and the last step
	// runs one session: the run ends waiting for one piece in flight, not
	// for eight (the card bed: 11.6 s after a last step of 8 sessions).
	DefaultRounds = 3
	// DefaultStepMaxBytes caps the dump bytes one step loads; its tables are
	// dropped after it, so the scratch schema never holds more than this.
	DefaultStepMaxBytes uint64 = 256 << 20
	// DefaultCommitEvery is the statements per transaction of a mydumper
	// load: myloader's --queries-per-transaction default (myloader --help).
	DefaultCommitEvery = 1000
	// DefaultPieceBytes is the TSV bytes of one LOAD DATA: MySQL Shell loads
	// a 64 MB chunk in one statement, too long for a step of seconds, so
	// calibrate loads it in pieces of whole lines (each its own transaction).
	DefaultPieceBytes = 4 << 20
	// DefaultDumpQueryTimeout bounds one statement of the dump and its commit:
	// a 1 MB INSERT on a card writing 100 IOPS takes about a second.
	DefaultDumpQueryTimeout = 60 * time.Second
	// MaxSampleFiles caps the files loaded from: four per session at 16
	// sessions.
	MaxSampleFiles = 64
)

// DumpOptions says what to load, where and how long.
type DumpOptions struct {
	// Schema is the scratch schema, created by this run and dropped after it.
	Schema string
	// Source is the dump (dump.OpenSource).
	Source *dump.Source
	// Duration bounds the whole run: warm-up, steps, drains and clean-up.
	Duration time.Duration
	// Rounds is how often each session count is measured.
	Rounds int
	// Threads are the session counts (capped by the sample's files and the
	// server's free connections).
	Threads []int
	// StepMaxBytes caps the dump bytes one step loads.
	StepMaxBytes uint64
	// CommitEvery is the statements per transaction of a mydumper load.
	CommitEvery int
	// QueryTimeout bounds one statement and its commit.
	QueryTimeout time.Duration
	// Progress, if set, is called about every 250 ms; calls never overlap.
	Progress func(Progress)
}

// withDefaults fills the zero fields and checks the rest.
func (o DumpOptions) withDefaults() (DumpOptions, error) {
	if o.Schema == "" {
		o.Schema = DefaultSchema
	}
	if o.Duration <= 0 {
		o.Duration = DefaultDumpDuration
	}
	if o.Rounds <= 0 {
		o.Rounds = DefaultRounds
	}
	if len(o.Threads) == 0 {
		o.Threads = DefaultThreads
	}
	if o.StepMaxBytes == 0 {
		o.StepMaxBytes = DefaultStepMaxBytes
	}
	if o.CommitEvery <= 0 {
		o.CommitEvery = DefaultCommitEvery
	}
	if o.QueryTimeout <= 0 {
		o.QueryTimeout = DefaultDumpQueryTimeout
	}
	if err := CheckSchemaName(o.Schema); err != nil {
		return o, err
	}
	if o.Source == nil || len(o.Source.Files) == 0 {
		return o, fmt.Errorf("no dump data to load: give --dump a mydumper or MySQL Shell dump directory or a mysqldump file")
	}
	for _, n := range o.Threads {
		if n < 1 || n > maxThreads {
			return o, fmt.Errorf("%d sessions: use 1 to %d", n, maxThreads)
		}
	}
	return o, nil
}
