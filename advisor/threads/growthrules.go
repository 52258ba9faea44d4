package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// How MariaDB grows a file-per-table tablespace while a load inserts into
// it, read from its source of the 10.6-10.11 era
// (storage/innobase/fsp/fsp0fsp.cc, fil/fil0fil.cc; docs/benchmarks/estimate.md,
// "A table's growth syncs are its own"):
const (
	// IbdInitialPages is a new tablespace's size (FIL_IBD_FILE_INITIAL_SIZE):
	// the space header, the change buffer bitmap, the segment inodes and the
	// clustered index's root; each secondary index's root then extends it
	// by a page at CREATE TABLE (counted in the table's creation).
	IbdInitialPages = 4
	// BurstExtensionsSegment is the extensions that take a file still under
	// one extent to about 9 MiB when a segment wants its first extent (its
	// 33rd page): fsp_fill_free_list extends it to 64 and then 128 pages,
	// and fsp_reserve_free_extents extends an extent at a time until the
	// free extents a page split reserves are there.
	BurstExtensionsSegment = 9
	// BurstExtensionsFull is the same when the first extent fills with
	// single pages before any segment wants an extent: to about 8 MiB.
	BurstExtensionsFull = 7
	// LargeSpaceExtents is the size (in extents, 32 MiB) from which
	// fsp_get_pages_to_extend_ibd grows a file 4 extents at a time
	// (FSP_FREE_ADD) rather than one.
	LargeSpaceExtents = 32
	// BulkFirstExtentExtensions is the extensions when a table's every row
	// takes the bulk-insert path (one data file a table: bulkShare 1) and
	// a segment wants its first extent but no segment a second:
	// fsp_fill_free_list's growth to 64 and then 128 pages, without the
	// reservation a row-by-row page split makes (btr_cur_pessimistic_insert's
	// fsp_reserve_free_extents) that takes the rest of the burst. Measured
	// (growth-sync-fit/chunks2.txt): sysbench8's 3,000-row tables in one
	// file each ended at 128 pages (75.1 data-file syncs a table), in four
	// at 576 (95.0); mid4's, whose clustered leaves take a second extent,
	// at 640 either way.
	BulkFirstExtentExtensions = 2
	// MydumperStatementBytes is the size mydumper writes its INSERT
	// statements to (`--statement-size`, "Attempted size of INSERT statement
	// in bytes, default 1000000": mydumper 0.10's --help). The bulk-insert
	// path takes a table's first INSERT into the empty table, not its whole
	// data file (growth-sync-fit/onefile.txt: w100ix2's 14,000-row tables,
	// one file of two statements each, filled their secondary indexes as
	// random keys do and burst to 640 pages; narrowix's of 13,000-17,000
	// rows, one statement each, built them whole and stayed at 192).
	MydumperStatementBytes = 1_000_000
	// BulkKeyFill is how full the bulk-insert path leaves a secondary
	// index's pages: whole, as a sorted index build at innodb_fill_factor
	// 100 leaves them (only the clustered index keeps 1/16 free: MySQL 8.4
	// manual, "The Physical Structure of an InnoDB Index"). Measured
	// (growth-sync-fit/chunks.txt): narrowix's 5,000-row tables in one
	// file each, a_1 5 leaf pages for 5,000 13-byte entries (4.1 pages of
	// entries).
	BulkKeyFill = 1.0
	// SyncsPerExtension is the data-file syncs each extension costs:
	// fil_space_extend_must_retry flushes the file after os_file_set_size
	// and the space once more after (Innodb_data_fsyncs counts both).
	SyncsPerExtension = 2
	// BoundaryPages is the leaf pages a clustered index whose keys follow
	// the dump's order takes beyond its rows' for each boundary between a
	// table's data files: a range loaded below one already in splits the
	// page it fills and leaves the higher range's first rows on a page of
	// their own, about a page for each boundary loaded against the key
	// order, and myloader takes the files as it finds them, half of the
	// boundaries so in a random order. Fitted (growth-sync-fit/
	// boundaries.txt: part8's partitions of 375-2,000 rows and sysbench8's
	// tables of 1,000-2,000, in 2, 4 and 8 files a table: 0.47 pages a
	// boundary at the median of 21 cells, -0.44 to 0.89; the same at one
	// session as at eight; scripts/measure-file-order.sh: none in key
	// order, about a page a boundary against it).
	BoundaryPages = 0.5
)

// ruleGrowthSyncs is the data-file syncs growing the tablespace of a table
// of rows rows costs by MariaDB's rules, beyond a creation's with one
// secondary index (TableWriteIOs' tables): each page a
// segment takes while the file is under one extent extends it to that page;
// once a segment wants its first extent, or the first extent is full, a
// burst of extensions; then one an extent taken (a quarter of one past
// LargeSpaceExtents). The bulk share of the rows (bulkShare) builds each
// index in turn; the rest grow every segment in proportion to the rows.
func ruleGrowthSyncs(m profile.DumpTableModel, rows, bulk, files float64) float64 {
	// each secondary index's root extends the new file by a page at CREATE TABLE; the creation's
	// costs (TableWriteIOs) were measured on tables of one, so the others' are counted here
	roots := SyncsPerExtension * float64(len(m.IndexEntryBytes)-1)
	return math.Max(0, roots+insertGrowthSyncs(m, rows, bulk, files))
}

// insertGrowthSyncs is ruleGrowthSyncs' part after CREATE TABLE; bulk is
// the share of the rows that takes InnoDB's bulk-insert path (bulkShare),
// files the data files the rows come in (tableFiles).
func insertGrowthSyncs(m profile.DumpTableModel, rows, bulk, files float64) float64 {
	var segs []float64 // pages each segment takes beyond those CREATE TABLE made: leaf, then non-leaf
	for _, ix := range growthIndexes(m, rows, bulk, files) {
		if ix.leaf <= 1 { // the root alone: made at creation
			continue
		}
		segs = append(segs, ix.leaf, math.Max(0, upperPages(ix.leaf, ix.pointer, ix.fill)-1)) // the root is the first non-leaf page
	}
	made := float64(IbdInitialPages + len(m.IndexEntryBytes))
	small, wanted, full := smallPhase(segs, made, bulk)
	if !wanted && !full {
		return SyncsPerExtension * small
	}
	burst := float64(BurstExtensionsFull)
	if wanted {
		burst = BurstExtensionsSegment
	}
	frag, extents := made, 0.0
	for _, p := range segs {
		frag += math.Min(p, fragPages)
		extents += math.Ceil(math.Max(0, p-fragPages) / extentPages)
	}
	if wanted {
		extents-- // the burst's first extent is the segment's
	}
	after := math.Max(0, extents+math.Ceil(math.Max(0, frag-extentPages)/extentPages))
	if bulk >= 1 && extents <= 0 { // the bulk path alone and no segment's second extent: no split's reservation
		burst = BulkFirstExtentExtensions
	}
	if file := BurstExtensionsSegment + after; file > LargeSpaceExtents {
		after = LargeSpaceExtents - BurstExtensionsSegment + (file-LargeSpaceExtents)/4
	}
	return SyncsPerExtension * (small + burst + after)
}

// growthIndexes is tableIndexes for the growth rules, by the path the
// rows take (bulk, bulkShare): when every row takes the bulk-insert path
// (bulk 1) each secondary index is built sorted, its leaf pages at
// BulkKeyFill whatever the order its keys came in; when a table's data
// files load side by side in several sessions (0 < bulk < 1) an index
// whose keys follow the dump's order takes them at each file's place and
// fills as random keys do (RandomKeyFill). Measured (growth-sync-fit/
// chunks.txt, narrowix's 5,000-row tables): its two such indexes took 5
// and 6 pages in one file a table, 9 and 8 in four. The growth count only:
// the loaded size keeps OrderedKeyFill, read on tables of 100,000 rows and
// more (docs/benchmarks/loaded-model.md); where between the two fills a
// table turns was not measured. An index whose entries fit one page stays
// in its root, which splits only when full, whatever its fill after
// (growth-sync-fit/boundaries.txt: k_1 of 1,000 entries one page). The
// clustered index takes boundaryPages for its rows' files.
func growthIndexes(m profile.DumpTableModel, rows, bulk, files float64) []modelIndex {
	ixs := tableIndexes(m, rows)
	for i := 1; i < len(ixs) && i-1 < len(m.IndexEntryBytes); i++ {
		if rows*(m.IndexEntryBytes[i-1]+dirSlotBytesPerRecord) <= pageDataBytes { // a root splits only when full
			ixs[i].leaf = 1
			continue
		}
		if bulk <= 0 {
			continue
		}
		fill := math.Min(ixs[i].fill, RandomKeyFill)
		if bulk >= 1 {
			fill = BulkKeyFill
		}
		ixs[i].leaf, ixs[i].fill = math.Ceil(rows*(m.IndexEntryBytes[i-1]+dirSlotBytesPerRecord)/(pageDataBytes*fill)), fill
	}
	ixs[0].leaf += boundaryPages(m, ixs[0].leaf, files)
	return ixs
}

// boundaryPages is the leaf pages beyond leaf a clustered index takes when
// its rows come in files data files loaded in no particular order:
// BoundaryPages for each boundary between them, no more than a file's own
// pages; none when the dump's rows are out of key order already (they
// split pages at random: tableIndexes).
func boundaryPages(m profile.DumpTableModel, leaf, files float64) float64 {
	if files <= 1 || m.PrimaryAscending > 0 && m.PrimaryAscending < AscendingShare {
		return 0
	}
	return BoundaryPages * (files - 1) * math.Min(1, leaf/files)
}

// smallPhase is the single pages the segments take until one of them
// wants its first extent (wanted) or the file's first extent is full
// (full; a split keeps two pages free ahead, fsp_reserve_free_pages);
// made pages are there already. The bulk share of every segment's pages
// comes first, one segment after another in index order (InnoDB's bulk
// insert builds the clustered index, then each secondary one: bulkShare);
// then the segments grow together.
func smallPhase(segs []float64, made, bulk float64) (pages float64, wanted, full bool) {
	at := make([]float64, len(segs)) // each segment's pages so far
	over := func() (n float64, over bool) {
		for _, p := range at {
			n += math.Min(p, fragPages)
			over = over || p > fragPages
		}
		return n, over
	}
	const steps = 1000
	for i, p := range segs { // the bulk path: one segment at a time
		for k := 1; k <= steps && bulk > 0; k++ {
			at[i] = p * bulk * float64(k) / steps
			if n, o := over(); o || made+n >= extentPages-2 {
				return n, o, !o
			}
		}
	}
	for k := 1; k <= steps; k++ { // the rest: every segment together
		x := bulk + (1-bulk)*float64(k)/steps
		for i, p := range segs {
			at[i] = p * x
		}
		if n, o := over(); o || made+n >= extentPages-2 {
			return n, o, !o
		}
	}
	n, _ := over()
	return n, false, false
}

// ruleGrowth is the growth syncs of the dump's InnoDB tables by
// ruleGrowthSyncs when every one of them was sized (d.TableModels), the
// tables and true; 0, 0, false otherwise, or when every table stays in its
// root pages. With boundaries, a table's rows come in its data files
// (tableFiles) in no particular order (BoundaryPages); without, in key
// order, as they may: the fewest syncs. A table whose indexes all stay
// in their root pages counts as growthSyncs counts it (in proportion to
// its pages: under one sync): the creation's write I/Os (TableWriteIOs)
// were fitted on such tables net of that count.
func ruleGrowth(d *profile.Dump, boundaries bool) (syncs float64, tables int, ok bool) {
	if sized, all := sizedTables(d); sized == 0 || sized < all {
		return 0, 0, false
	}
	scale, loaded := tableBytesScale(d), float64(fitScaleBytes(d))
	perDumpByte, real := perDumpByteOf(d, loaded), pagesPerFitByte(d, loaded)
	grows := false
	for _, m := range d.TableModels {
		parts := float64(max(m.Partitions, 1))
		grows = grows || loadsIntoInnoDB(m.Engine) && m.SQLBytesPerRow > 0 && (parts > 1 || !rootOnly(m, m.Rows()*scale/parts))
	}
	if !grows { // tables of a page or two: the count TableWriteIOs were fitted with
		return 0, 0, false
	}
	bulk := bulkShare(d)
	for _, m := range d.TableModels {
		if !loadsIntoInnoDB(m.Engine) || m.SQLBytesPerRow <= 0 {
			continue
		}
		rows, parts := m.Rows()*scale, float64(max(m.Partitions, 1))
		bulk := statementShare(bulk, float64(m.Bytes)*scale)
		if rootOnly(m, rows/parts) { // each partition's in proportion to its pages
			size := float64(m.Bytes) * perDumpByte / parts
			syncs += parts * growthSyncs(size, size*real)
		} else {
			files := 1.0
			if boundaries {
				files = tableFiles(d, m.Name)
			}
			syncs += tableRuleSyncs(m, rows, bulk, files)
		}
		tables++
	}
	return syncs, tables, true
}

// ruleGrowthBoth is ruleGrowth counted both ways, fewest first: with each
// table's data files in key order and with the boundaries between them;
// reversed when the boundaries gave the fewer (by the growth rules more
// leaf pages can take the file's extents in fewer steps: a table of 800
// files, heldout bw-chunk4x50k, counted 88 in key order and 86 with them,
// printed "88–86" until review r14). ok as ruleGrowth's, with tables.
func ruleGrowthBoth(d *profile.Dump) (fewest, most float64, tables int, reversed, ok bool) {
	most, tables, ok = ruleGrowth(d, true)
	if !ok || tables == 0 {
		return 0, 0, 0, false, false
	}
	fewest, _, _ = ruleGrowth(d, false)
	if fewest > most {
		return most, fewest, tables, true, true
	}
	return fewest, most, tables, false, true
}

// partitionsText says how many of the dump's tables are partitioned and
// into how many tablespaces, for the growth counts' text; "" when none.
func partitionsText(d *profile.Dump) string {
	tables, parts := 0, 0
	for _, m := range d.TableModels {
		if m.Partitions > 0 && loadsIntoInnoDB(m.Engine) && m.SQLBytesPerRow > 0 { // as ruleGrowth counts them
			tables, parts = tables+1, parts+m.Partitions
		}
	}
	if tables == 0 {
		return ""
	}
	return fmt.Sprintf("; %s in %s, each a tablespace grown as a table's (created in the fixed cost)", count(tables, "partitioned table"), count(parts, "partition"))
}

// extraPartitions is the partitions beyond one a table of the dump's
// partitioned tables that the growth rules count (InnoDB, sized): each a
// tablespace created beside its table's first in the same CREATE TABLE
// (partitionSyncs' data-file syncs and PartitionCreateSec in the fixed
// cost; PartitionWriteIOs in the write-I/O floor).
func extraPartitions(d *profile.Dump) float64 {
	n := 0
	for _, m := range d.TableModels {
		if m.Partitions > 1 && loadsIntoInnoDB(m.Engine) && m.SQLBytesPerRow > 0 {
			n += m.Partitions - 1
		}
	}
	return float64(n)
}

// tableRuleSyncs is ruleGrowthSyncs for a table of rows rows as it is
// stored: a partitioned table's partitions (m.Partitions) each a
// tablespace of an even share of the rows, grown with the segments
// together whatever the dump's files (its rows do not take one table's
// bulk-insert path); their creation is extraPartitions'. Measured (growth-sync-fit/partitions.txt,
// 4 tables of sysbench's columns, HASH-partitioned): 8 partitions of 5,000
// rows 92.8 data-file syncs a partition in four files a table, 88.1 in
// one, where one-file tables take the bulk path's 75; 2 of 20,000 96.9;
// 8 of 1,000 37.5. RANGE and LIST partitions may hold unequal shares (not
// measured: the dump does not say which rows go where). files is the data
// files a table's rows come in (tableFiles).
func tableRuleSyncs(m profile.DumpTableModel, rows, bulk, files float64) float64 {
	if m.Partitions <= 0 {
		return ruleGrowthSyncs(m, rows, bulk, files)
	}
	parts := float64(m.Partitions)
	return parts * ruleGrowthSyncs(m, rows/parts, 0, files) // each file holds rows of every partition (an even share)
}

// tableFiles is the data files a table's rows come in: its own count when
// it is among the dump's largest (TopTables), else the average of a
// mydumper dump's tables (1 / bulkShare); 1 for the other formats and
// mydumper's LOAD DATA files, whose order into a table was not measured
// (BoundaryPages).
func tableFiles(d *profile.Dump, name string) float64 {
	share := bulkShare(d)
	if share <= 0 {
		return 1
	}
	for _, t := range d.TopTables {
		if t.Name == name && t.Chunks > 0 {
			return float64(t.Chunks)
		}
	}
	return 1 / share
}

// statementShare is the share of a table of sqlBytes of SQL on the
// bulk-insert path when its first data file holds share of it (bulkShare):
// no more than its first INSERT statement, MydumperStatementBytes.
func statementShare(share, sqlBytes float64) float64 {
	if share <= 0 || sqlBytes <= 0 {
		return share
	}
	return math.Min(share, MydumperStatementBytes/sqlBytes)
}

// rootOnly says whether every index of a table of rows rows fits its root
// page.
func rootOnly(m profile.DumpTableModel, rows float64) bool {
	for _, ix := range tableIndexes(m, rows) {
		if ix.leaf > 1 {
			return false
		}
	}
	return true
}

// bulkShare is the share of a table's rows that takes InnoDB's bulk-insert
// path: MariaDB 10.7+ sends a transaction's inserts into an empty table
// down it when unique_checks and foreign_key_checks are off, as myloader
// sets them (MDEV-24621, MDEV-24818; docs/benchmarks/during-load-settings.md),
// and builds the table's indexes one after another from them. myloader
// commits a data file at a time (-q 1000 statements), so it is a mydumper
// dump's first file of each table: 1 / its data files a table on average.
// A mysqldump file's header turns both checks off too (mysqldump and
// mariadb-dump write `SET … UNIQUE_CHECKS=0` and `FOREIGN_KEY_CHECKS=0`
// before the tables) and its one session loads each table whole, so 1:
// each table's first INSERT statement, up to mariadb-dump's
// --net-buffer-length (1,046,528 bytes, its --help), takes the path
// (statementShare). 0 for the other formats, whose rows' path was not
// measured (the segments grow together). Measured: narrow8, 8 tables ×
// 100,000 rows in 4 files each, 104 data-file syncs a table as myloader
// loads it, 132 with every file run with UNIQUE_CHECKS=1
// (docs/benchmarks/estimate.md, "The bulk-insert path orders a table's
// growth").
func bulkShare(d *profile.Dump) float64 {
	tables, files := d.Tables-d.SystemTables, d.Chunks-d.SystemChunks
	if d.Format == "mysqldump" && tables > 0 {
		return 1
	}
	if d.Format != "mydumper" || d.LoadData || tables <= 0 || files <= 0 {
		return 0
	}
	return math.Min(1, float64(tables)/float64(files))
}
