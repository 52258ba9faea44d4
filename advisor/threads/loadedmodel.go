package threads

import (
	"math"

	"github.com/mytune/mytune/profile"
)

// The page model that turns a dump's sized rows (profile.DumpTableModel)
// into the InnoDB pages a load makes:
const (
	// pageDataBytes is what a 16 KiB index page holds for records: less
	// the FIL header and trailer (38 + 8), the page header (56) and the
	// infimum and supremum records (26) (MySQL 8.4 manual, "InnoDB Page
	// Structure"; storage/innobase/include/page0page.h).
	pageDataBytes = PageBytes - 38 - 8 - 56 - 26
	// dirSlotBytesPerRecord is the page directory: a 2-byte slot per 4-8
	// records (PAGE_DIR_SLOT_MIN_N_OWNED, _MAX_N_OWNED), ~6 on average.
	dirSlotBytesPerRecord = 2.0 / 6
	// ClusteredFill is how full a load leaves the clustered index's
	// non-leaf pages: 15/16, the fill of pages inserted in key order (MySQL
	// 8.4 manual, "The Physical Structure of an InnoDB Index"); dumps are in
	// key order. Its leaf pages are counted whole records at a time
	// (SpaceReserveBytes).
	ClusteredFill = 15.0 / 16
	// SpaceReserveBytes is the free space a clustered leaf page taking
	// inserts in key order keeps: it is split once a record would leave
	// less than 1 KiB (srv_page_size / 16: dict_index_get_space_reserve()
	// in storage/innobase/include/dict0dict.h, applied by
	// btr_cur_optimistic_insert in btr/btr0cur.cc, MariaDB 10.11). A page
	// so holds floor((16,256 − 1,024) / record) records: 73 of sysbench's
	// 206-byte rows (15/16 of the bytes), 5 of 2.7 KB rows (0.84).
	SpaceReserveBytes = 1024
	// RandomKeyFill is how full a load leaves a secondary index whose keys
	// arrive in no order: 0.62, sysbench's k_1 after a myloader load of
	// 400,000 rows (531 leaf pages for 400,000 13-byte entries, 0.618 of
	// the pages' record bytes; mysql.innodb_index_stats n_leaf_pages,
	// docs/benchmarks/loaded-model.md). An index whose sampled keys arrive
	// in order (AscendingShare) fills like the clustered index.
	RandomKeyFill = 0.62
	// AscendingShare is the share of sampled rows with a key not below the
	// previous row's from which an index counts as filled in key order:
	// random keys give about 0.5, a counter or a date 1.
	AscendingShare = 0.9
	// OrderedKeyFill is how full a load leaves a secondary index filled in
	// key order (AscendingShare) or by groups (GroupAppendShare): 0.84, the
	// leaf fill of three-indexes' ka, kbc and kd (0.854, 0.816, 0.833;
	// docs/benchmarks/loaded-model.md), below the clustered index's 15/16:
	// the runs of a cycle meet mid-page.
	OrderedKeyFill = 0.84
	// GroupAppendShare: an index whose keys each hold at least this many
	// pages of entries (rows ÷ distinct keys against entries per page)
	// takes each row at the end of its key's run, so it fills in order even
	// when the keys arrive at random: 2, a choice between two measured
	// indexes (docs/benchmarks/loaded-model.md): 500 cities over 300,000
	// rows (0.8 pages a key) filled 0.62, as random keys do; a 4-value
	// status over 400,000 rows (105 pages a key) filled 0.94.
	GroupAppendShare = 2.0
	// ReserveShare is what InnoDB reserves beyond the pages an index uses
	// and the extents they round up to, once it takes whole extents: 0.05,
	// sysbench's tables of 100,000 and 400,000 rows (the segments' size in
	// mysql.innodb_index_stats 3-6% above the rounded pages; the segment
	// keeps free extents ahead, fsp0fsp.cc fseg_alloc_free_page_low).
	ReserveShare = 0.05
	// fragPages and extentPages: a segment takes its first 32 pages one by
	// one, then whole 64-page (1 MiB) extents, and information_schema's
	// DATA_LENGTH and INDEX_LENGTH count the reserved pages
	// (storage/innobase/include/fsp0fsp.h FSEG_FRAG_ARR_N_SLOTS,
	// FSP_EXTENT_SIZE; fseg_n_reserved_pages).
	fragPages   = 32
	extentPages = 64
)

// modelledPoolBytes is the InnoDB pages the dump's sized InnoDB tables
// make once loaded and the dump SQL bytes they came from; 0, 0 when no
// table was sized. scale turns a model's Bytes into SQL bytes (compressed
// files are sized on disk).
func modelledPoolBytes(d *profile.Dump, scale float64) (pool, sql float64) {
	for _, m := range d.TableModels {
		if !loadsIntoInnoDB(m.Engine) || m.SQLBytesPerRow <= 0 {
			continue
		}
		rows := m.Rows() * scale
		pages := rows * m.OffPageBytes / PageBytes
		for _, ix := range tableIndexes(m, rows) {
			pages += indexPages(ix.leaf, ix.pointer, ix.fill)
		}
		pool += pages * PageBytes
		sql += float64(m.Bytes) * scale
	}
	return pool, sql
}

// modelIndex is one index of a sized table: its leaf pages once loaded,
// the bytes of a node pointer above them and how full its pages are.
type modelIndex struct{ leaf, pointer, fill float64 }

// tableIndexes is the clustered index and then each secondary index of a
// table of rows rows as the row model sizes them: the clustered leaf pages
// whole records at a time (SpaceReserveBytes), or at RandomKeyFill when
// the rows came out of key order; a secondary index's at indexFill.
func tableIndexes(m profile.DumpTableModel, rows float64) []modelIndex {
	perPage := math.Max(1, math.Floor((pageDataBytes-SpaceReserveBytes)/(m.RecordBytes+dirSlotBytesPerRecord)))
	pk := modelIndex{math.Ceil(rows / perPage), m.NodePointerBytes, ClusteredFill}
	if m.PrimaryAscending > 0 && m.PrimaryAscending < AscendingShare { // rows dumped out of key order split pages at random
		pk.leaf, pk.fill = math.Ceil(rows*(m.RecordBytes+dirSlotBytesPerRecord)/(pageDataBytes*RandomKeyFill)), RandomKeyFill
	}
	out := []modelIndex{pk}
	for i, e := range m.IndexEntryBytes {
		fill := indexFill(m, i, rows)
		out = append(out, modelIndex{math.Ceil(rows * (e + dirSlotBytesPerRecord) / (pageDataBytes * fill)), e + 4, fill})
	}
	return out
}

// indexPages is the pages one index takes: its leaf pages, and above them
// the non-leaf levels of node pointers (pointer bytes each, one per page
// below, at fill; none for a profile saved before they were sized),
// reserved as segments reserve them.
func indexPages(leaf, pointer, fill float64) float64 {
	leaf = math.Max(1, leaf)
	upper := upperPages(leaf, pointer, fill)
	return segmentPages(leaf) + segmentPages(upper)*boolFloat(upper > 0)
}

// upperPages is the non-leaf pages above leaf pages: node pointers of
// pointer bytes each, one per page below, at fill, level by level up to
// the root; none without pointer bytes.
func upperPages(leaf, pointer, fill float64) float64 {
	upper := 0.0
	for below := leaf; below > 1 && pointer > 0; {
		below = math.Ceil(below * (pointer + dirSlotBytesPerRecord) / (pageDataBytes * fill))
		upper += below
	}
	return upper
}

func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// indexFill is how full the load leaves secondary index i of a table:
// OrderedKeyFill when its sampled keys arrive in order, or when each key
// holds rows enough to fill GroupAppendShare of a page, else RandomKeyFill
// (also when neither is known: a profile saved before they were sampled).
func indexFill(m profile.DumpTableModel, i int, rows float64) float64 {
	if i < len(m.IndexAscending) && m.IndexAscending[i] >= AscendingShare {
		return OrderedKeyFill
	}
	if i < len(m.IndexDistinct) && m.IndexDistinct[i] > 0 {
		perPage := pageDataBytes * OrderedKeyFill / (m.IndexEntryBytes[i] + dirSlotBytesPerRecord)
		if rows/min(m.IndexDistinct[i], rows) >= GroupAppendShare*perPage {
			return OrderedKeyFill
		}
	}
	return RandomKeyFill
}

// segmentPages is the pages reserved for an index's leaf pages: the first
// 32 one by one, then whole extents and ReserveShare of them ahead.
func segmentPages(used float64) float64 {
	used = math.Max(1, math.Ceil(used))
	if used <= fragPages {
		return used
	}
	return fragPages + math.Ceil((used-fragPages)/extentPages)*extentPages*(1+ReserveShare)
}

func loadsIntoInnoDB(engine string) bool {
	return engine == "" || engine == "InnoDB" || engine == profile.DumpEngineUnknown
}

// tableBytesScale is the dump's SQL bytes per byte of its tables' bytes as
// the reader counted them (on disk for compressed files): 1 for plain SQL.
func tableBytesScale(d *profile.Dump) float64 {
	var tables uint64
	for _, e := range d.Engines {
		tables += e.Bytes
	}
	lo, hi := dumpSQLBytes(d)
	if tables == 0 || lo+hi == 0 {
		return 1
	}
	return math.Max(1, (lo+hi)/2/float64(tables))
}

// innoDBPoolBytes is the buffer pool the dump's InnoDB tables fill once
// loaded: the page model for the tables sized row by row, and the rest of
// the InnoDB bytes at the sized tables' own pages per SQL byte — or at
// InnoDBBytesPerDumpByte when none was sized (a dump without its CREATE
// TABLE statements, a profile saved before table_models).
func innoDBPoolBytes(d *profile.Dump) uint64 {
	lo, hi := dumpSQLBytes(d)
	innodb := (lo + hi) / 2 * d.InnoDBShare()
	pool, sql := modelledPoolBytes(d, tableBytesScale(d))
	if sql <= 0 {
		return uint64(innodb * InnoDBBytesPerDumpByte)
	}
	rest := math.Max(0, innodb-sql)
	return uint64(pool + rest*pool/sql)
}

// LoadedRange is the disk a restore of d takes: low is what its tables
// take at the least (the pages of its InnoDB tables as the row model sizes
// them, or, with no table sized, their SQL; other engines' SQL not
// counted), high is LoadedBytes (InnoDBBytesPerDumpByte × all of its SQL:
// the files of many small tables run to 5x, docs/benchmarks/loaded-size.md).
// sized says whether low rests on the row model. 0, 0 without a dump.
func LoadedRange(d *profile.Dump) (low, high uint64, sized bool) {
	if d == nil || d.TotalBytes == 0 {
		return 0, 0, false
	}
	n, _ := sizedTables(d)
	low = innoDBPoolBytes(d)
	if n == 0 {
		lo, hi := dumpSQLBytes(d)
		low = uint64((lo + hi) / 2 * d.InnoDBShare())
	}
	return low, max(LoadedBytes(d), low), n > 0
}
