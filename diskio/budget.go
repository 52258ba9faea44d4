package diskio

import (
	"errors"
	"fmt"
)

const (
	// MiB is 2^20 bytes.
	MiB = 1 << 20
	// DefaultMaxBytes is the default cap on the test file (CONTRACT.md: --max-bytes default 256MiB).
	DefaultMaxBytes = 256 * MiB
	// MinFileBytes is the smallest test file worth measuring: 1024 InnoDB pages
	// of 16 KiB, so random offsets are spread over more than a device's
	// small write cache (a judgement, not a standard).
	MinFileBytes = 16 * MiB
	// freePercent is the share of free space the probe may occupy (CONTRACT.md: never more than 5%).
	freePercent = 5
	// fileShare is the test file's share of the write budget, in percent:
	// laying it out fits within the sequential write's share
	// (writeWeightSeqWrite, 35%) of --max-bytes and leaves the rest of that
	// share for the overwrite pass the sequential rate is taken from.
	fileShare = 25
)

// ErrNoSpace is returned by Budget when the free space is too small to measure.
var ErrNoSpace = errors.New("not enough free space to measure the disk")

// MinFreeBytes is the least free space the probe measures in: the
// smallest test file is at most freePercent of it.
const MinFreeBytes = MinFileBytes * 100 / freePercent

// MinBudgetBytes is the smallest --max-bytes: the minimum test file is
// fileShare percent of it.
const MinBudgetBytes = MinFileBytes * 100 / fileShare

// ErrBudgetTooSmall is returned by Budget (and Run) when maxBytes is below MinBudgetBytes.
var ErrBudgetTooSmall = errors.New("the byte budget is below the smallest test file worth measuring")

// Budget does the byte-budget arithmetic: the test file is never larger than
// fileShare percent of maxBytes (DefaultMaxBytes if 0; maxBytes caps what
// the whole run writes) nor 5% of freeBytes, rounded down to whole MiB.
// When it had to shrink, note says so. Below MinFileBytes it refuses with an
// error that says how much free space (or budget) is needed.
func Budget(freeBytes, maxBytes uint64) (fileBytes uint64, note string, err error) {
	if maxBytes == 0 {
		maxBytes = DefaultMaxBytes
	}
	fivePct := percentOf(freeBytes, freePercent)
	fileBytes = min(percentOf(maxBytes, fileShare), fivePct) / MiB * MiB
	if fileBytes < MinFileBytes {
		need := uint64(MinFreeBytes)
		if percentOf(maxBytes, fileShare) < MinFileBytes {
			return 0, "", fmt.Errorf("%w: --max-bytes is %d bytes, the minimum is %d MiB (a %d MiB test file is %d%% of it): raise it",
				ErrBudgetTooSmall, maxBytes, MinBudgetBytes/MiB, MinFileBytes/MiB, fileShare)
		}
		return 0, "", fmt.Errorf("%w: %s free, the probe uses at most 5%% of it and needs a %d MiB file; free at least %d MiB, or give --no-measure to advise without measuring the disk", ErrNoSpace, freeMiB(freeBytes), MinFileBytes/MiB, need/MiB)
	}
	if fileBytes < percentOf(maxBytes, fileShare)/MiB*MiB {
		note = fmt.Sprintf("test file shrunk from %d MiB to %d MiB: 5%% of the %s free", percentOf(maxBytes, fileShare)/MiB, fileBytes/MiB, freeMiB(freeBytes))
	}
	return fileBytes, note, nil
}

// freeMiB is free space in MiB to one decimal, as the report's findings
// and df -h give it: whole MiB rounded down said "4 MiB free" where the
// findings said "5.0 MiB free" of the same 5,238,784 bytes (review r12).
func freeMiB(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/MiB) }

// percentOf is p percent of x, exact to the byte and without overflow near 2^64.
func percentOf(x, p uint64) uint64 { return x/100*p + x%100*p/100 }
