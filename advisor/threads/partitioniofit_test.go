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
// latency beds (testdata/mysqldump-fit/, the fit IOsPerRuleSyncOne* were
// read from): the write-I/O floor holds every run's write I/Os, and the
// estimate, with one session's growth syncs at the quiet spread's slow
// end, holds every run (checkBedFitWith: ≥ 80%, none more than 10% out).
// A check of the fit, not evidence: testdata/heldout/ judges it.
func TestMysqldumpFit(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "mysqldump-fit", "*.json"))
	if err != nil || len(names) != 6 {
		t.Fatalf("want the 6 mysqldump-fit files, got %v (%v)", names, err)
	}
	for _, name := range names {
		checkFloorHolds(t, "mysqldump-fit", name, commitSyncs)
	}
	checkBedFitWith(t, "mysqldump-fit", 6, 18, 1, pool{bytes: 17 << 30, from: "advised", redo: 512 << 20, fileCommit: commitSyncs, commitWait: commitSyncs})
}

// TestMysqldumpFitRelaxed: the same with commits that do not sync
// (testdata/mysqldump-fit-relaxed/, the fit IOsPerRuleSyncOneRelaxed*
// were read from): the floor holds every run's write I/Os and the
// estimate every run (checkBedFitWith). A check of the fit, not evidence.
func TestMysqldumpFitRelaxed(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "mysqldump-fit-relaxed", "*.json"))
	if err != nil || len(names) != 4 {
		t.Fatalf("want the 4 mysqldump-fit-relaxed files, got %v (%v)", names, err)
	}
	for _, name := range names {
		checkFloorHolds(t, "mysqldump-fit-relaxed", name, commitNoWait)
	}
	checkBedFitWith(t, "mysqldump-fit-relaxed", 4, 12, 1, pool{bytes: 17 << 30, from: "advised", redo: 512 << 20, fileCommit: commitNoWait, commitWait: commitNoWait})
}
