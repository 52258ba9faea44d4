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
)

// ErrNoSpace is returned by Budget when the free space is too small to measure.
var ErrNoSpace = errors.New("not enough free space to measure the disk")

// ErrBudgetTooSmall is returned by Budget when maxBytes is below MinFileBytes.
var ErrBudgetTooSmall = errors.New("the byte budget is below the smallest test file worth measuring")

// Budget does the byte-budget arithmetic: the test file is never larger than
// maxBytes (DefaultMaxBytes if 0) nor 5% of freeBytes, rounded down to whole
// MiB. When it had to shrink, note says so. Below MinFileBytes it refuses
// with an error that says how much free space is needed.
func Budget(freeBytes, maxBytes uint64) (fileBytes uint64, note string, err error) {
	if maxBytes == 0 {
		maxBytes = DefaultMaxBytes
	}
	fivePct := freeBytes/100*freePercent + freeBytes%100*freePercent/100 // no overflow near 2^64
	fileBytes = min(maxBytes, fivePct) / MiB * MiB
	if fileBytes < MinFileBytes {
		need := uint64(MinFileBytes) * 100 / freePercent
		if maxBytes < MinFileBytes {
			return 0, "", fmt.Errorf("%w: --max-bytes is %d bytes, the minimum is %d MiB: raise it", ErrBudgetTooSmall, maxBytes, MinFileBytes/MiB)
		}
		return 0, "", fmt.Errorf("%w: %d MiB free, the probe uses at most 5%% of it and needs a %d MiB file; free at least %d MiB", ErrNoSpace, freeBytes/MiB, MinFileBytes/MiB, need/MiB)
	}
	if fileBytes < maxBytes/MiB*MiB {
		note = fmt.Sprintf("test file shrunk from %d MiB to %d MiB: 5%% of the %d MiB free", maxBytes/MiB, fileBytes/MiB, freeBytes/MiB)
	}
	return fileBytes, note, nil
}
