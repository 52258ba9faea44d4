package threads

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestGrowthSyncs(t *testing.T) {
	mib := float64(1 << 20)
	ref := ExtendRefTableMiB * mib
	tests := []struct {
		name       string
		fit, pages float64 // bytes on the fit's scale, bytes of pages
		want       float64
	}{
		{"nothing loaded", 0, 0, 0},
		{"a 10-row table: a page or two, a fraction of a growth", 7.3 * 1024, 3 * 1024, ExtendSyncsPerTable * 3.0 / 1024},
		{"half a first extent of pages: half the syncs", 1.1 * mib, 0.5 * mib, ExtendSyncsPerTable / 2},
		{"past the first extent, under the reference size (many32x4 at 6k rows: 100 measured)", 3.4 * mib, 1.5 * mib, ExtendSyncsPerTable},
		{"the reference size (many32x4's tables)", ref, ref / 2, ExtendSyncsPerTable},
		{"4x it (sysbench8's tables: 140-141 measured)", 4 * ref, 2 * ref, ExtendSyncsPerTable + GrowthSyncsPer4x},
		{"16x it (few2's tables: 180-182 measured)", 16 * ref, 8 * ref, ExtendSyncsPerTable + 2*GrowthSyncsPer4x},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := growthSyncs(tc.fit, tc.pages); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("growthSyncs(%.0f, %.0f) = %.2f, want %.2f", tc.fit, tc.pages, got, tc.want)
			}
		})
	}
}

func TestIOBudgetCost(t *testing.T) {
	card := curve(1, 100, 4, 100, 16, 100)
	many := &profile.Dump{Format: "mydumper", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 32, Chunks: 128}
	tests := []struct {
		name           string
		write          []profile.ThreadPoint
		dump           *profile.Dump
		wantLo, wantHi float64 // seconds; 0, 0: no term
	}{
		// 152 MB × 1.8 = 273.6 I/Os; 32 tables of ~13.6 MiB loaded: 32 × 106
		// syncs × 0.4–0.5 = 1356.8–1696; 32 × 16.2–21.2 = 518.4–678.4 to create
		// them; 96 more files' commits × 2.47 ÷ 8^0.60–8^0.36 = 68.1–112.2:
		// 2217–2760 I/Os
		{"32 tables on 100 IOPS", card, many, 22.17, 27.60},
		{"the same on 10x the IOPS", curve(1, 1000, 16, 1000), many, 2.217, 2.760},
		{"the peak, not the 1-thread rate, is the budget", curve(1, 50, 8, 100, 16, 90), many, 22.17, 27.60},
		// sweep 15's shape (600 tables of 10 rows, 1.5 MB): 600 × 16.2–21.2
		// + 2.7 for the SQL + 600 × 0.758 syncs (no table sized: 7.3 KiB of
		// pages a table, of the first extent's 1 MiB that pays 106) × 0.4–0.5
		// = 9,905–12,950 I/Os at 100/s
		{"600 tiny tables: their creation is the floor", card, &profile.Dump{Format: "mydumper", TotalBytes: 1.5e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 600, Chunks: 600}, 99.05, 129.50},
		{"tables unknown: no term", card, &profile.Dump{Format: "mydumper", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed}, 0, 0},
		{"disk not measured: no term", nil, many, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s profile.Storage
			s.RandWrite = tc.write
			lo, hi, text := ioBudgetCost(s, tc.dump, 8, commitSyncs)
			if math.Abs(lo-tc.wantLo) > 0.01*tc.wantLo+0.01 || math.Abs(hi-tc.wantHi) > 0.01*tc.wantHi+0.01 {
				t.Errorf("ioBudgetCost = %.2f–%.2f s, want %.2f–%.2f (%s)", lo, hi, tc.wantLo, tc.wantHi, text)
			}
			if (tc.wantHi > 0) != strings.Contains(text, "write I/Os:") {
				t.Errorf("text %q: the term's text goes with a term", text)
			}
		})
	}
}

// TestEstimateIOFloor: the write-I/O floor replaces an end of the range
// only where it is slower, and the basis says so only then.
func TestEstimateIOFloor(t *testing.T) {
	few := &profile.Dump{Format: "mydumper", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 2, Chunks: 8}
	many := &profile.Dump{Format: "mydumper", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 32, Chunks: 128}
	tests := []struct {
		name   string
		dump   *profile.Dump
		decide bool
	}{
		{"2 tables: the bytes bind first", few, false},
		{"32 tables: the I/Os bind", many, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, curve(1, 100, 4, 100, 16, 100), tc.dump)
			p.Storage.SeqWrite.MBPerS = 20
			p.Storage.Fsync.P50US = 700
			e := estimateLoad(p, 8, 2, pool{bytes: 17 << 30, from: "advised", redo: 512 << 20, fileCommit: commitSyncs})
			ioLo, _, _ := ioBudgetCost(p.Storage, tc.dump, 8, commitSyncs)
			if got := strings.Contains(e.Basis, "write I/Os:"); got != tc.decide {
				t.Errorf("basis states the write-I/O floor: %v, want %v (%s)", got, tc.decide, e.Basis)
			}
			if tc.decide && e.Low.Seconds() < math.Floor(ioLo) { // the range's ends are whole seconds here
				t.Errorf("estimate %v–%v starts below the I/O floor's %.1f s", e.Low, e.High, ioLo)
			}
		})
	}
}

// TestIOBudgetRelaxedTables: commits that do not sync count a table's
// relaxed I/Os (14.7–14.8, the card bed's fit) and no file commits; those
// that sync, 18.5–21.2 and the commits.
func TestIOBudgetRelaxedTables(t *testing.T) {
	var s profile.Storage
	s.RandWrite = curve(1, 100, 8, 100)
	d := &profile.Dump{Format: "mydumper", TotalBytes: 1e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 400, Chunks: 800}
	tests := []struct {
		name     string
		wait     int
		perTable string
		commits  bool
	}{
		{"strict", commitSyncs, "× 16.2–21.2 (creating one and committing its first file)", true},
		{"flush=2 on a buffered log", commitNoWait, "× 14.7–14.8 (creating one; its commits do not sync)", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lo, hi, text := loadWriteIOs(s, d, 8, tc.wait)
			if !strings.Contains(text, tc.perTable) || strings.Contains(text, "the commits of") != tc.commits {
				t.Errorf("text %q: want %q, file commits %v", text, tc.perTable, tc.commits)
			}
			// beside the tables: 1.8 for the SQL, 303 growth syncs (7.3 KiB a
			// table, no table sized) × 0.4–0.5: under 160
			min, max := 400*TableWriteIOsRelaxedLow, 400*TableWriteIOsRelaxedHigh+160
			if tc.wait == commitSyncs {
				min, max = 400*TableWriteIOsLow, 400*TableWriteIOsHigh+160+400*FileCommitIOs
			}
			if lo < min || hi > max {
				t.Errorf("%.0f–%.0f I/Os, want within %.0f–%.0f (%s)", lo, hi, min, max, text)
			}
		})
	}
}
