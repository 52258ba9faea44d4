package threads

import (
	"fmt"
	"slices"

	"github.com/mytune/mytune/profile"
)

// RowCompressedCPUFactor is how much more CPU the server spends loading a
// byte of rows into ROW_FORMAT=COMPRESSED tables than into uncompressed
// ones: InnoDB compresses each page as its rows arrive, and again when it
// splits or fills one. Measured (MariaDB 10.11.19, myloader 0.10 at 4
// threads, 2 CPUs, 1G pool, 2026-12-07, docs/benchmarks/live-server.md,
// "Compressed and encrypted tables"): the same 75.9 MiB sysbench dump
// (4 tables × 100k rows) into ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8
// tables took the server 25.6-28.5 CPU-seconds against 4.6-4.8
// uncompressed, medians of 3 interleaved reps 27.6 and 4.6: 5.98. The
// loader's wall time, 6 interleaved reps on a host at load 8-15: medians
// 45.0 s and 9.2 s (4.9x), the reps' own ratios 2.0-7.9, median 5.6.
const RowCompressedCPUFactor = 6.0

// rowCompressedShare is the share of the dump's table data that loads
// into ROW_FORMAT=COMPRESSED tables (0 when none, or no table sizes).
func rowCompressedShare(d *profile.Dump) float64 {
	if d == nil || d.RowCompressedBytes == 0 {
		return 0
	}
	var all uint64
	for _, e := range d.Engines {
		all += e.Bytes
	}
	if all == 0 {
		return 0
	}
	return min(float64(d.RowCompressedBytes)/float64(all), 1)
}

// rowCompressedFactor is the CPU factor the dump's ROW_FORMAT=COMPRESSED
// tables add to its rows' cost: 1 + share × (RowCompressedCPUFactor − 1);
// text says it for the estimate's basis ("" when none).
func rowCompressedFactor(d *profile.Dump) (factor float64, text string) {
	s := rowCompressedShare(d)
	if s == 0 {
		return 1, ""
	}
	factor = 1 + s*(RowCompressedCPUFactor-1)
	return factor, fmt.Sprintf(" ÷ %.2f for the %s of ROW_FORMAT=COMPRESSED (%.0f%% of the dump's table data): InnoDB compresses "+
		"their pages as it loads them, %.1fx a plain load's server CPU as measured with MariaDB 10.11",
		factor, count(len(d.RowCompressedTables), "table"), 100*s, float64(RowCompressedCPUFactor))
}

// tableCompressedFactor is RowCompressedCPUFactor for a table (name as
// schema.table) the dump creates ROW_FORMAT=COMPRESSED, else 1.
func tableCompressedFactor(d *profile.Dump, name string) float64 {
	if slices.Contains(d.RowCompressedTables, name) {
		return RowCompressedCPUFactor
	}
	return 1
}
