package threads

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
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
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var f latencyFit
			var counts struct {
				Cells []struct {
					IO map[string][]struct {
						WIOs float64 `json:"wios"`
					} `json:"io"`
				} `json:"cells"`
			}
			if err := json.Unmarshal(b, &f); err != nil || len(f.Cells) != 1 {
				t.Fatalf("%s: %v", name, err)
			}
			if err := json.Unmarshal(b, &counts); err != nil || len(counts.Cells[0].IO) == 0 {
				t.Fatalf("%s: no write I/Os counted (%v)", name, err)
			}
			p := f.Cells[0].Profile
			if extraPartitions(p.Dump) <= 0 {
				t.Fatalf("%s: the dump reads as unpartitioned", name)
			}
			for k, runs := range counts.Cells[0].IO {
				n, err := strconv.Atoi(k)
				if err != nil {
					t.Fatal(err)
				}
				lo, hi, _ := loadWriteIOs(p.Storage, p.Dump, n, dir.wait)
				for i, r := range runs {
					t.Run(fmt.Sprintf("%s/%s %d sessions rep %d", dir.name, filepath.Base(name), n, i+1), func(t *testing.T) {
						if r.WIOs < lo || r.WIOs > hi {
							t.Errorf("%.0f write I/Os outside the floor's %.0f–%.0f", r.WIOs, lo, hi)
						}
					})
				}
			}
		}
	}
}
