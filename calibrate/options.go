package calibrate

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Defaults of Options, as the issue fixes them.
const (
	// DefaultSchema is the scratch schema calibrate creates and drops.
	DefaultSchema = "mytune_calibrate"
	// DefaultDuration is the total insert time, split evenly across the steps.
	DefaultDuration = 20 * time.Second
	// MinStepDuration is the shortest a step may run: a step's rows/s
	// comes from its batches, and a 1 ms --duration gave 2 batches at 16
	// connections and a "knee" from them. 100 ms refuses such a run and
	// keeps the tests' 1 s runs (200 ms a step); the default gives 4 s.
	MinStepDuration = 100 * time.Millisecond
	// DefaultMaxBytes caps the row bytes inserted over the whole run (256 MiB,
	// the same budget as the probe's --max-bytes).
	DefaultMaxBytes uint64 = 256 << 20
	// DefaultBatchRows is the rows per INSERT, each committed on its own:
	// the restore pattern (myloader commits per batch; mydumper's default
	// statement holds many rows).
	DefaultBatchRows = 100
	// CleanupTimeout bounds the DROP after an interruption, on a fresh
	// context: dropping a calibrate --dump schema of ~100 MB took seconds on
	// a card bed writing 100 IOPS, so a minute, rather than leave it behind.
	CleanupTimeout = 60 * time.Second
	// DefaultQueryTimeout bounds each statement (a batch and its commit).
	DefaultQueryTimeout = 10 * time.Second
	// maxBatchRows keeps one INSERT (about 192 B a row) far below MariaDB's
	// and MySQL's default max_allowed_packet of 16 MiB / 64 MiB.
	maxBatchRows = 10000
	// maxThreads is the highest connection count: the probe's curves stop
	// at 16 too (advisor/threads.MaxThreads).
	maxThreads = 64
)

// DefaultThreads are the connection counts of the steps: the probe's
// random-write curve points, so the two curves line up.
var DefaultThreads = []int{1, 2, 4, 8, 16}

// Options says where and how long to calibrate.
type Options struct {
	// Schema is the scratch schema, created by this run and dropped after it.
	Schema string
	// Duration is the total insert time; each step gets an equal slice.
	Duration time.Duration
	// MaxBytes caps the row bytes inserted; each step may use an equal share.
	MaxBytes uint64
	// Threads are the connection counts of the steps, in order.
	Threads []int
	// BatchRows is the rows of one INSERT, committed on its own.
	BatchRows int
	// QueryTimeout bounds each batch (BEGIN, INSERT, COMMIT) and each DDL statement.
	QueryTimeout time.Duration
	// Progress, if set, is called after every step and about every 250 ms
	// during one; calls never overlap.
	Progress func(Progress)
	// spaceHeld is set by Run when the free space held MaxBytes below the
	// caller's (capInsertBySpace), so a step cut short says that, not to
	// raise --max-bytes.
	spaceHeld bool
}

// Progress is the state of a run for a live status line.
type Progress struct {
	Threads  int           // connections of the running step
	Elapsed  time.Duration // since the first step started
	Total    time.Duration // the run's Duration
	RowsPerS float64       // of the running step so far
	MBPerS   float64       // calibrate --dump: dump bytes of the running step so far
}

// schemaName is what calibrate accepts as a scratch schema name: plain
// identifier characters only (it is back-quoted into DDL), at most 64
// characters (MySQL manual, "Identifier Length Limits").
var schemaName = regexp.MustCompile(`^[A-Za-z0-9_]{1,64}$`)

// systemSchemas are never a scratch schema.
var systemSchemas = map[string]bool{"mysql": true, "information_schema": true, "performance_schema": true, "sys": true}

// CheckSchemaName refuses names that are not plain identifiers or are a
// system schema; Run and Cleanup call it too.
func CheckSchemaName(name string) error {
	if !schemaName.MatchString(name) {
		return fmt.Errorf("schema name %q: use 1-64 letters, digits or underscores, e.g. %s", name, DefaultSchema)
	}
	if systemSchemas[strings.ToLower(name)] {
		return fmt.Errorf("schema name %q is a system schema: calibrate works only in a scratch schema of its own", name)
	}
	return nil
}

// withDefaults fills the zero fields and checks the rest.
func (o Options) withDefaults() (Options, error) {
	if o.Schema == "" {
		o.Schema = DefaultSchema
	}
	if o.Duration <= 0 {
		o.Duration = DefaultDuration
	}
	if o.MaxBytes == 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if len(o.Threads) == 0 {
		o.Threads = DefaultThreads
	}
	if o.BatchRows <= 0 {
		o.BatchRows = DefaultBatchRows
	}
	if o.QueryTimeout <= 0 {
		o.QueryTimeout = DefaultQueryTimeout
	}
	if err := CheckSchemaName(o.Schema); err != nil {
		return o, err
	}
	if o.BatchRows > maxBatchRows {
		return o, fmt.Errorf("batch of %d rows: use at most %d", o.BatchRows, maxBatchRows)
	}
	for _, n := range o.Threads {
		if n < 1 || n > maxThreads {
			return o, fmt.Errorf("%d connections: use 1 to %d", n, maxThreads)
		}
	}
	return o, nil
}

// maxConns is the largest step's connection count plus one for DDL.
func (o Options) maxConns() int {
	m := 0
	for _, n := range o.Threads {
		m = max(m, n)
	}
	return m + 1
}
