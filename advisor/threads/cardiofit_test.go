package threads

import "testing"

// TestCardIOFit: on the fit shapes' restores on the card bed (2, 8 and 32
// tables of the same ~152 MB, and 32 tables of 3.4 and 6.8 MiB; 100 write
// IOPS, 20 MB/s; testdata/card-io-fit/), the estimate contains ≥ 80% of
// the 18 runs and every run is within 10% of it (checkBedFit): the three
// shapes at 1 and 8 threads, 2 reps, and few2's printed 6; many32x4 at 6k
// and 12k rows, 2 reps at the printed 8. A check of the fit (the write-I/O
// term's IOsPerSync, LoadIOsPerDumpMB, GrowthSyncsPer4x and
// the growth past the first extent are chosen on these runs), not evidence:
// testdata/heldout/ judges it.
func TestCardIOFit(t *testing.T) {
	checkBedFit(t, "card-io-fit", 5, 18)
}
