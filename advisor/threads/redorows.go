package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// The redo a load writes, from the rows the row model sized
// (docs/benchmarks/redo-per-byte.md, "Redo by the row"). An insert logs
// its record and each secondary index entry whole (the bytes the row
// model gives them), plus what each row, each index entry, each table and
// each data file's transaction add; fitted by least squares, weighted by
// the measured redo, on every fit cell of a sized dump whose run read
// Innodb_os_log_written (35 dumps of advisor/threads/testdata/: sysbench
// rows at 6k-200k a table, narrow8, narrowix, w100ix2, mid4, w900, wide4,
// many32x4, skew1x20, chunk20k and the tiny-table sittings; MariaDB 10.11):
// within -8.3..+3.6% on the 28 of 1,000 rows a table or more (wide4's three
// indexes the farthest under), -31..+19% on the tiny tables' (redo of a few
// MB, where the tables' creation is most of it).
const (
	// RedoRowBytes is a row's redo beyond its record and index entries.
	RedoRowBytes = 29.4
	// RedoIndexEntryBytes is each secondary index entry's beyond its bytes.
	RedoIndexEntryBytes = 10.7
	// RedoTableBytes is a table's: its creation and first pages.
	RedoTableBytes = 3378
	// RedoFileBytes is a data file's: its transaction and commit.
	RedoFileBytes = 1073
	// RedoRowBandLow and RedoRowBandHigh bound the measured redo over the
	// model's on the dumps of 1,000 rows a table or more (0.965-1.091: the
	// model 3.6% over to 8.3% under), rounded out.
	RedoRowBandLow, RedoRowBandHigh = 0.95, 1.1
	// PartitionRedoBytes is the most redo a partition beyond its table's
	// first wrote over the row model, paid once a partition, not by the
	// row: 55-58 KB in partitions of 6,250-25,000 rows (testdata/partition-
	// redo-fit/: 4 tables of 100,000 rows in 4 and 16 HASH partitions, over
	// the same tables in one), 26-47 KB in partitions of 375-750 rows
	// (partition-create-fit, -relaxed), 4.7-7.1 KB in nearly empty ones
	// (partition-create-time-fit). The row model's high end adds it for
	// each; its low end none.
	PartitionRedoBytes = 58000
	// RedoFulltextWordBytes is the redo of each FULLTEXT word a row gives
	// its indexes (the FTS cache's rows written to the index's auxiliary
	// tables, and its FTS_DOC_ID), RedoSpatialEntryBytes of each SPATIAL
	// index entry (an R-tree record and its node splits), beyond the row
	// model: testdata/index-kind-fit/ (2026-12-07, fast bed, MariaDB
	// 10.11.19, Innodb_os_log_written over the 1-thread run) wrote 344.4 MB
	// (ft4: 200k rows, 44.0 words) and 466.9 MB (ft4w: 60k rows, 190.4)
	// where the row model without them says 61.4 and 63.7: 32.2 and 35.3
	// bytes a word, 33.7 taken (ft4 4% over, ft4w 4% under); sp4 (400k
	// rows, one SPATIAL index) 82.1 MB against 42.1, sp4x2 (two) 163.1
	// against 81.3: 100.0 and 102.2 bytes an entry, 101 taken. Held out:
	// testdata/heldout/ (fth2, spl1).
	RedoFulltextWordBytes = 33.7
	RedoSpatialEntryBytes = 101
)

// rowRedoBytes is the redo the dump's InnoDB tables write as they load, by
// the row model (the sum over tables of rows × (RedoRowBytes + the record +
// Σ (RedoIndexEntryBytes + entry)) + RedoTableBytes each) plus
// RedoFileBytes per data file; false unless every InnoDB table was sized.
func rowRedoBytes(d *profile.Dump) (float64, bool) {
	if sized, all := sizedTables(d); sized == 0 || sized < all {
		return 0, false
	}
	scale := tableBytesScale(d)
	var redo float64
	tables := 0
	for _, m := range d.TableModels {
		if !loadsIntoInnoDB(m.Engine) || m.SQLBytesPerRow <= 0 {
			continue
		}
		row := RedoRowBytes + m.RecordBytes + RedoFulltextWordBytes*m.FulltextWordsPerRow + RedoSpatialEntryBytes*float64(m.SpatialIndexes)
		for _, e := range m.IndexEntryBytes {
			row += RedoIndexEntryBytes + e
		}
		redo += m.Rows()*scale*row + RedoTableBytes
		tables++
	}
	files := d.Chunks - d.SystemChunks
	if all := d.Tables - d.SystemTables; all > 0 && files > 0 {
		files = files * tables / all // the InnoDB tables' share of the data files
	}
	return redo + float64(max(files, 0))*RedoFileBytes, tables > 0
}

// rowRatio is ratioOf's range from the row model: rowRedoBytes over the
// dump's InnoDB SQL bytes, × RedoRowBandLow–High, the high end with
// PartitionRedoBytes for each partition beyond a table's first; false
// when the model does not apply.
func rowRatio(d *profile.Dump) (redoRatio, bool) {
	redo, ok := rowRedoBytes(d)
	if !ok || redo <= 0 {
		return redoRatio{}, false
	}
	lo, hi := dumpInnoDBSQLBytes(d)
	if lo+hi <= 0 {
		return redoRatio{}, false
	}
	mid := (lo + hi) / 2
	r, parts, partsText := redo/mid, extraPartitions(d), ""
	rHi := (redo + parts*PartitionRedoBytes) / mid
	if parts > 0 {
		partsText = fmt.Sprintf("; at the high end up to %s for each of %s beyond its table's first", profile.HumanBytes(PartitionRedoBytes), count(int(parts), "partition"))
	}
	return redoRatio{low: r * RedoRowBandLow, high: rHi * RedoRowBandHigh, byRows: true, from: fmt.Sprintf("%.2f-%.2f bytes of redo per dump byte by the row model (each row's record and index entries, %.0f bytes a row and %.0f an entry more, %s a table and %s a data file%s; fitted with MariaDB 10.11: docs/benchmarks/redo-per-byte.md)",
		r*RedoRowBandLow, rHi*RedoRowBandHigh, RedoRowBytes, RedoIndexEntryBytes, profile.HumanBytes(RedoTableBytes), profile.HumanBytes(RedoFileBytes), partsText)}, true
}
