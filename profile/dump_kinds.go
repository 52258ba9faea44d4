package profile

// DumpTableKinds are a dump's tables ("schema.table", sorted; absent when
// none) of the kinds no timed restore loaded (review r54): the restore
// estimate and the load threads extrapolate for them, and some lose what a
// logical dump cannot carry.
type DumpTableKinds struct {
	// FulltextTables have a FULLTEXT index and SpatialTables a SPATIAL
	// index: InnoDB builds their entries while the rows load (FULLTEXT: a
	// hidden FTS_DOC_ID index and auxiliary tables of its own).
	FulltextTables []string `json:"fulltext_tables,omitempty"`
	SpatialTables  []string `json:"spatial_tables,omitempty"`
	// ForeignKeyTables have a FOREIGN KEY constraint (mydumper 0.10 loads
	// with FOREIGN_KEY_CHECKS=0: no parent is looked up).
	ForeignKeyTables []string `json:"foreign_key_tables,omitempty"`
	// ForeignKeyParents are the tables those FOREIGN KEYs reference
	// ("schema.table" as the constraint names it, an unqualified name in
	// its table's database): with the ForeignKeyTables, the tables whose
	// keys a load must create with them (fields_revision 5).
	ForeignKeyParents []string `json:"foreign_key_parents,omitempty"`
	// VersionedTables are MariaDB's system-versioned tables (WITH SYSTEM
	// VERSIONING): a dump's SELECT * reads their current rows only.
	VersionedTables []string `json:"versioned_tables,omitempty"`
	// SequenceTables are MariaDB SEQUENCEs, which mydumper 0.10 dumps as a
	// CREATE TABLE … SEQUENCE=1 and their one row.
	SequenceTables []string `json:"sequence_tables,omitempty"`
	// SecondaryKeyTables have a plain (KEY or INDEX) secondary index: the
	// tables a load that adds those indexes after the rows must know the
	// keys of (fields_revision 4).
	SecondaryKeyTables []string `json:"secondary_key_tables,omitempty"`
}
