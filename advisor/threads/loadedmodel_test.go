package threads

import (
	"math"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLoadedPoolModel: the page model against information_schema's
// DATA_LENGTH + INDEX_LENGTH after loading (docs/benchmarks/loaded-size.md,
// MariaDB 10.11.19, myloader 0.10). The four sysbench shapes are the fit
// (RandomKeyFill, ReserveShare): within 5% (-1.1% to +3.8%). The
// CHAR-padded shape was not fitted (its k arrives in order: seq % 10000):
// within 10%, the bar for shapes the fit has not seen (3x the SQL was
// +130% on sysbench and -8.8% on this one).
// Row sizes as probe/dump sizes them: sysbench's row 206 bytes, its k_1
// entry 13, its node pointers 13 (header, INT id, child page); the padded
// table's nullable columns add a bitmap byte (207, 14).
func TestLoadedPoolModel(t *testing.T) {
	cases := []struct {
		name          string
		tables        int
		rowsPerTable  []float64
		sqlBytes      float64 // all tables
		record, entry float64
		ascending     float64 // the k index's sampled key order
		measured      float64
		within        float64
	}{
		{"fit: sysbench 8 × 25,000", 8, []float64{25000}, 39712356, 206, 13, 0.5, 58982400, 0.05},
		{"fit: sysbench 8 × 100,000", 8, []float64{100000}, 159121720, 206, 13, 0.5, 213385216, 0.05},
		{"fit: sysbench 4 × 400,000", 4, []float64{400000}, 321167440, 206, 13, 0.5, 409501696, 0.05},
		{"fit: sysbench 32 × 10,000", 32, []float64{10000}, 63030227, 206, 13, 0.5, 91308032, 0.05},
		{"held out: CHAR-padded, 200,000 + 100,000 rows", 1, []float64{200000, 100000}, 25246740, 207, 14, 1, 83050496, 0.10},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := &profile.Dump{TotalBytes: uint64(c.sqlBytes), TotalBytesBasis: profile.DumpBytesUncompressed}
			var all float64
			for _, r := range c.rowsPerTable {
				all += r * float64(c.tables)
			}
			perRow := c.sqlBytes / all
			for i := 0; i < c.tables; i++ {
				for _, r := range c.rowsPerTable {
					d.TableModels = append(d.TableModels, profile.DumpTableModel{Name: "t", Engine: "InnoDB", Bytes: uint64(r * perRow),
						SampledRows: 200, SQLBytesPerRow: perRow, RecordBytes: c.record, NodePointerBytes: 13, IndexEntryBytes: []float64{c.entry},
						IndexAscending: []float64{c.ascending}})
				}
			}
			got := float64(innoDBPoolBytes(d))
			if e := got/c.measured - 1; math.Abs(e) > c.within {
				t.Errorf("%.0f bytes by the model, %.0f measured: %+.1f%% (bar %.0f%%)", got, c.measured, 100*e, 100*c.within)
			} else {
				t.Logf("%.0f bytes by the model, %.0f measured: %+.1f%%", got, c.measured, 100*e)
			}
		})
	}
}

// TestInnoDBPoolBytesFallback: a dump without sized tables is counted at
// InnoDBBytesPerDumpByte × its InnoDB share; sized tables set the rate for
// the unsized rest.
func TestInnoDBPoolBytesFallback(t *testing.T) {
	base := profile.Dump{TotalBytes: 100 << 20, TotalBytesBasis: profile.DumpBytesUncompressed,
		Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 2, Bytes: 75 << 20}, {Name: "MyISAM", Tables: 1, Bytes: 25 << 20}}}
	if got, want := innoDBPoolBytes(&base), uint64(75<<20*InnoDBBytesPerDumpByte); got != want {
		t.Errorf("no models: %d, want %d", got, want)
	}
	sized := base
	sized.TableModels = []profile.DumpTableModel{{Name: "a", Engine: "InnoDB", Bytes: 50 << 20, SQLBytesPerRow: 200, RecordBytes: 206}}
	pool, sql := modelledPoolBytes(&sized, tableBytesScale(&sized))
	want := pool + (75<<20-sql)*pool/sql
	if got := float64(innoDBPoolBytes(&sized)); math.Abs(got-want) > 1 {
		t.Errorf("one of two sized: %.0f, want %.0f (pool %.0f of %.0f SQL)", got, want, pool, sql)
	}
	if r := pool / sql; r < 1 || r > 1.2 {
		t.Errorf("a 206-byte record for 200 bytes of SQL: %.2f pool bytes per SQL byte, want 1-1.2", r)
	}
}

// TestPrimaryOutOfOrder: rows dumped out of primary-key order (a SELECT *
// served from a covering secondary index) split the clustered pages at
// random: sized at RandomKeyFill, not whole records under the space
// reserve (QA12: a table dumped in SHA1 order planned 30% short).
func TestPrimaryOutOfOrder(t *testing.T) {
	model := func(asc float64) *profile.Dump {
		return &profile.Dump{TotalBytes: 50 << 20, TotalBytesBasis: profile.DumpBytesUncompressed,
			TableModels: []profile.DumpTableModel{{Name: "s.t", Engine: "InnoDB", Bytes: 50 << 20, SampledRows: 200,
				SQLBytesPerRow: 80, RecordBytes: 67, NodePointerBytes: 20, PrimaryAscending: asc}}}
	}
	inOrder, unread, random := innoDBPoolBytes(model(1)), innoDBPoolBytes(model(0)), innoDBPoolBytes(model(0.5))
	if unread != inOrder {
		t.Errorf("order not read (a profile saved before it): %d, want the in-order %d", unread, inOrder)
	}
	// 67-byte records: 226 a page in order (15,232 / 67.3), 150 at 0.62 of 16,256 bytes
	if r := float64(random) / float64(inOrder); r < 1.4 || r > 1.6 {
		t.Errorf("out of order %d against in order %d: x%.2f, want about x1.5", random, inOrder, r)
	}
}
