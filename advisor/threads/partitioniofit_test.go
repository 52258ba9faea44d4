package threads

import (
	"path/filepath"
	"testing"
)

// TestPartitionIOFit: the write-I/O floor's count (loadWriteIOs) holds
// every run's write I/Os, as the beds' blkio cgroups counted them, of the
// sweeps PartitionWriteIOs* were read from: part8 tables of 4, 16 and 24
// partitions on the card bed with commits that sync
// (testdata/partition-create-fit/) and that do not, and 16 on the hdd bed
// (testdata/partition-create-fit-relaxed/). A check of the fit, not
// evidence: testdata/heldout/ judges it.
func TestPartitionIOFit(t *testing.T) {
	for _, dir := range []struct {
		name  string
		files int
		wait  int
	}{{"partition-create-fit", 3, commitSyncs}, {"partition-create-fit-relaxed", 4, commitNoWait}} {
		names, err := filepath.Glob(filepath.Join("testdata", dir.name, "*.json"))
		if err != nil || len(names) != dir.files {
			t.Fatalf("want the %d %s files, got %v (%v)", dir.files, dir.name, names, err)
		}
		for _, name := range names {
			checkFloorHolds(t, dir.name, name, dir.wait)
		}
	}
}

// TestMysqldumpFit: one session's mysqldump loads on the card, hdd and
// latency beds, commits that sync (testdata/mysqldump-fit/, the fit
// IOsPerRuleSyncOne* were read from) and that do not
// (testdata/mysqldump-fit-relaxed/, IOsPerRuleSyncOneRelaxed*): the
// write-I/O floor holds every run's write I/Os, and the estimate, with one
// session's growth syncs at the quiet spread's slow end, holds every run
// (checkBedFitWith: ≥ 80%, none more than 10% out). A check of the fit,
// not evidence: testdata/heldout/ judges it.
func TestMysqldumpFit(t *testing.T) {
	for _, dir := range []struct {
		name        string
		files, runs int
		wait        int
	}{{"mysqldump-fit", 6, 18, commitSyncs}, {"mysqldump-fit-relaxed", 4, 12, commitNoWait}} {
		names, err := filepath.Glob(filepath.Join("testdata", dir.name, "*.json"))
		if err != nil || len(names) != dir.files {
			t.Fatalf("want the %d %s files, got %v (%v)", dir.files, dir.name, names, err)
		}
		for _, name := range names {
			checkFloorHolds(t, dir.name, name, dir.wait)
		}
		checkBedFitWith(t, dir.name, dir.files, dir.runs, 1, pool{bytes: 17 << 30, from: "advised", redo: 512 << 20, fileCommit: dir.wait, commitWait: dir.wait})
	}
}
