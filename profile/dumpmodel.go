package profile

// DumpTableModel is one table of a dump with its rows sized as InnoDB
// stores them (COMPACT/DYNAMIC record layout), averaged over rows sampled
// from the start of its data: what the advisor turns into pages.
type DumpTableModel struct {
	Name string `json:"name"` // schema.table
	// Engine is its CREATE TABLE's ENGINE= ("" when it names none).
	Engine string `json:"engine,omitempty"`
	// Bytes is the table's data in the dump, on the basis of DumpTable.Bytes.
	Bytes       uint64 `json:"bytes"`
	SampledRows int    `json:"sampled_rows"`
	// SQLBytesPerRow is the dump bytes a sampled row took, separators included.
	SQLBytesPerRow float64 `json:"sql_bytes_per_row"`
	// LargestStatementBytes is the longest INSERT statement among those
	// sampled (mydumper dumps; 0 when not read): the target's
	// max_allowed_packet must hold it, or myloader stops there ("MySQL
	// server has gone away", exit 1). mydumper 0.10 cuts statements at
	// --statement-size (1,000,000 bytes) but never inside a row.
	LargestStatementBytes uint64 `json:"largest_statement_bytes,omitempty"`
	// ZeroDates are the DATE, DATETIME and TIMESTAMP columns whose sampled
	// rows hold a zero date or a date with a zero month or day, the first
	// such value of each (Table left out): a strict sql_mode with
	// NO_ZERO_DATE or NO_ZERO_IN_DATE refuses to write them ("ERROR 1292
	// (22007): Incorrect date value", MariaDB 10.11.19). Absent when none.
	ZeroDates []ZeroDate `json:"zero_dates,omitempty"`
	// RecordBytes is a row's clustered index record, in-row part.
	RecordBytes float64 `json:"record_bytes"`
	// NodePointerBytes is a record of the clustered index's non-leaf pages:
	// header, the primary key (or DB_ROW_ID) and a 4-byte child page number.
	NodePointerBytes float64 `json:"node_pointer_bytes"`
	// OffPageBytes is what a row puts on BLOB pages (whole pages).
	OffPageBytes float64 `json:"off_page_bytes"`
	// IndexEntryBytes is a row's record in each secondary index.
	IndexEntryBytes []float64 `json:"index_entry_bytes"`
	// IndexAscending is, for each secondary index, the share of
	// consecutive sampled rows whose key (first column) does not sort
	// before the previous row's: near 1 when the keys arrive in order
	// (a date, a counter), about 0.5 when they arrive at random.
	IndexAscending []float64 `json:"index_ascending"`
	// PrimaryAscending is the same share for the clustered key: a dump
	// whose SELECT * was served from a covering secondary index carries its
	// rows out of primary-key order (0: not read, a profile saved before it).
	PrimaryAscending float64 `json:"primary_ascending,omitempty"`
	// IndexDistinct is, for each secondary index, the distinct keys the
	// sample implies for the whole table (Chao1 from the sampled keys'
	// singletons and doubletons): few keys, many rows each, fill their
	// pages in order even when their values arrive at random.
	IndexDistinct []float64 `json:"index_distinct"`
	// Partitions is the tablespaces a partitioned table is stored in: its
	// partitions, or its subpartitions when it has them (0: not
	// partitioned). Each is a file-per-table tablespace that grows on its
	// own.
	Partitions int `json:"partitions,omitempty"`
	// PartitionBy is how a partitioned table spreads its rows over its
	// partitions: "hash" or "key" (evenly), "range" or "list" (by the
	// values each is defined for: shares the dump does not tell), or
	// "system_time" (MariaDB's system-versioned history); "" when not
	// partitioned, not recognised, or in a profile saved before it was read.
	PartitionBy string `json:"partition_by,omitempty"`
	// FulltextIndexes counts the table's FULLTEXT indexes and
	// FulltextWordsPerRow the words a sampled row gives them (each
	// indexed column's words of at least 3 characters, once per index
	// that holds it); SpatialIndexes counts its SPATIAL (R-tree) indexes.
	// Each index entry is work the load does per row beyond the B-tree
	// indexes (IndexEntryBytes). 0 when none, or in a profile saved
	// before they were read (2026-12-07).
	FulltextIndexes     int     `json:"fulltext_indexes,omitempty"`
	FulltextWordsPerRow float64 `json:"fulltext_words_per_row,omitempty"`
	SpatialIndexes      int     `json:"spatial_indexes,omitempty"`
	// FulltextKeys are the FULLTEXT indexes' definitions as the dump's
	// CREATE TABLE writes them ("FULLTEXT KEY `ft_1` (`title`,`body`)"):
	// what an ALTER TABLE … ADD adds back after a load without them.
	FulltextKeys []string `json:"fulltext_keys,omitempty"`
	// SecondaryKeys are the plain (KEY or INDEX) secondary indexes'
	// definitions as the dump's CREATE TABLE writes them ("KEY `k_1`
	// (`k`)") and SecondaryKeyAt where each sits in IndexEntryBytes: what
	// one ALTER TABLE … ADD adds back after a load without them. KeysKept
	// says why they must stay in the CREATE TABLE ("" when they need
	// not). Absent when none, or in a profile saved before they were read
	// (fields_revision 4).
	SecondaryKeys  []string `json:"secondary_keys,omitempty"`
	SecondaryKeyAt []int    `json:"secondary_key_at,omitempty"`
	KeysKept       string   `json:"keys_kept,omitempty"`
}

// Rows is the table's row count implied by its bytes and the sampled
// bytes per row; 0 when nothing was sampled.
func (m DumpTableModel) Rows() float64 {
	if m.SQLBytesPerRow <= 0 {
		return 0
	}
	return float64(m.Bytes) / m.SQLBytesPerRow
}
