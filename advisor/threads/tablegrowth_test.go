package threads

import (
	"math"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestInnoDBGrowth(t *testing.T) {
	mib := float64(1 << 20)
	small := func(n int) []profile.DumpTable {
		var ts []profile.DumpTable
		for range n {
			ts = append(ts, profile.DumpTable{Name: "s.t", Bytes: 100e3})
		}
		return ts
	}
	// one 100 MB table and 20 of 0.1 MB: loaded ×3 (InnoDBBytesPerDumpByte),
	// 300 MB = 286 MiB and 0.3 MB = 0.286 MiB
	skew := &profile.Dump{Format: "mydumper", TotalBytes: 102e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 21, Chunks: 21,
		TopTables: append([]profile.DumpTable{{Name: "s.big", Bytes: 100e6}}, small(9)...)}
	big := growthSyncs(300e6, 300e6) // no table sized: the pages taken as the fit's scale
	tiny := growthSyncs(300e3, 300e3)
	even := &profile.Dump{Format: "mydumper", TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 32, Chunks: 96,
		TopTables: []profile.DumpTable{{Name: "a.t1", Bytes: 4.75e6}, {Name: "a.t2", Bytes: 4.75e6}}}
	mixed := &profile.Dump{Format: "mydumper", TotalBytes: 8e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 8,
		Engines:   []profile.DumpEngine{{Name: "InnoDB", Tables: 2, Bytes: 6e6}, {Name: "MyISAM", Tables: 6, Bytes: 2e6}},
		TopTables: []profile.DumpTable{{Name: "a.m", Bytes: 1e6, Engine: "MyISAM"}, {Name: "a.i1", Bytes: 3e6, Engine: "InnoDB"}, {Name: "a.i2", Bytes: 3e6, Engine: "InnoDB"}}}
	// 21 tables of 0.4 MB of SQL sized by the row model (206-byte records
	// for 200 bytes of SQL: about 1.1 pool bytes a SQL byte, well under the
	// fit's 3): 1.2 MB loaded on the fit's scale, about 0.45 MiB of pages,
	// under the first extent
	sized := &profile.Dump{Format: "mydumper", TotalBytes: 21 * 400e3, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 21, Chunks: 21,
		Engines:     []profile.DumpEngine{{Name: "InnoDB", Tables: 21, Bytes: 21 * 400e3}},
		TableModels: []profile.DumpTableModel{{Name: "a.t", Engine: "InnoDB", Bytes: 400e3, SQLBytesPerRow: 200, RecordBytes: 206}}}
	pages := float64(innoDBPoolBytes(sized)) / 21
	tests := []struct {
		name             string
		dump             *profile.Dump
		cap              float64
		wantTables       int
		wantSyncs        float64
		wantTop, wantAvg float64
	}{
		{"no dump", nil, 0, 0, 0, 0, 0},
		{"tables of one size: the average, no largest named", even, 0, 32, 32 * ExtendSyncsPerTable, 0, 152e6 * 3 / 32},
		{"one large table among small ones: each at its size", skew, 0, 21, big + 20*tiny, 10, 306e6 / 21},
		{"the same, capped at a table's 106", skew, ExtendSyncsPerTable, 21, ExtendSyncsPerTable + 20*tiny, 10, 306e6 / 21},
		// 6 MB of InnoDB data loads as 18 MB (×3): two tables of 9 MB = 8.6 MiB, flat 106 each
		{"sized tables: their pages, not the fit's scale, under the first extent", sized, 0, 21, 21 * ExtendSyncsPerTable * pages / FirstExtentBytes, 0, 1.2e6},
		{"MyISAM tables grow no tablespace", mixed, 0, 2, 2 * ExtendSyncsPerTable, 0, 18e6 / 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := innoDBGrowth(tc.dump, tc.cap)
			if g.tables != tc.wantTables || math.Abs(g.syncs-tc.wantSyncs) > 0.01 || float64(g.top) != tc.wantTop || math.Abs(g.avgSize-tc.wantAvg) > 1 {
				t.Errorf("innoDBGrowth = %d tables, %.2f syncs, %d at their own size, %.2f MiB on average; want %d, %.2f, %.0f, %.2f MiB",
					g.tables, g.syncs, g.top, g.avgSize/mib, tc.wantTables, tc.wantSyncs, tc.wantTop, tc.wantAvg/mib)
			}
		})
	}
}

func TestFileCommitIOs(t *testing.T) {
	chunked := &profile.Dump{Format: "mydumper", TotalBytes: 22.9e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 1, Chunks: 16669}
	// 16,668 files beyond the table's first × 2.47 = 41,170 at one thread
	// (41,221-41,232 counted, testdata/file-fit/)
	all := 16668 * FileCommitIOs
	tests := []struct {
		name           string
		dump           *profile.Dump
		threads, wait  int
		wantLo, wantHi float64
	}{
		{"one session syncing each commit", chunked, 1, commitSyncs, all, all},
		{"16 sessions share the syncs", chunked, 16, commitSyncs, all / math.Pow(16, SyncParallelFast), all / math.Pow(16, SyncParallelSlow)},
		{"log written, not synced: one write a commit", chunked, 1, commitWrites, 16668, 16668},
		{"commits that neither write nor sync", chunked, 16, commitNoWait, 0, 0},
		{"one file a table: the table's count holds it", &profile.Dump{Format: "mydumper", Tables: 2000, Chunks: 2000}, 4, commitSyncs, 0, 0},
		{"a mysqldump file", &profile.Dump{Format: "mysqldump", Tables: 20, Chunks: 1}, 1, commitSyncs, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lo, hi, text := fileCommitIOs(tc.dump, tc.threads, tc.wait)
			if math.Abs(lo-tc.wantLo) > 0.5 || math.Abs(hi-tc.wantHi) > 0.5 {
				t.Errorf("fileCommitIOs = %.1f–%.1f, want %.1f–%.1f (%s)", lo, hi, tc.wantLo, tc.wantHi, text)
			}
			if (hi > 0) != (text != "") {
				t.Errorf("text %q goes with a count", text)
			}
		})
	}
}
