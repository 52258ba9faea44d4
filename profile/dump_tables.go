package profile

import "strings"

// Dump.TotalBytesBasis values.
const (
	DumpBytesUncompressed = "uncompressed"
	DumpBytesEstimated    = "estimated"
	DumpBytesOnDisk       = "on-disk"
)

// DumpTable is one table of a dump: its on-disk bytes and data files.
type DumpTable struct {
	Name   string `json:"name"` // schema.table
	Bytes  uint64 `json:"bytes"`
	Chunks int    `json:"chunks"`
	// Engine is the ENGINE= its CREATE TABLE names ("InnoDB", "MyISAM",
	// "Aria", …), "" when the dump does not say.
	Engine string `json:"engine,omitempty"`
}

// DumpEngine is one storage engine of a dump's tables.
type DumpEngine struct {
	Name   string `json:"name"` // "InnoDB", "MyISAM", …, or DumpEngineUnknown
	Tables int    `json:"tables"`
	Bytes  uint64 `json:"bytes"`
}

// DumpDataDirectory is one DATA DIRECTORY a dump's tables name, with
// those tables ("schema.table", sorted).
type DumpDataDirectory struct {
	Path   string   `json:"path"`
	Tables []string `json:"tables"`
}

// DumpTableOptions are what a dump's CREATE TABLE options ask of the
// target's InnoDB beyond the rows: encryption and compressed rows.
type DumpTableOptions struct {
	// Encryption are the tables whose CREATE TABLE names MariaDB's
	// ENCRYPTED= or ENCRYPTION_KEY_ID=, grouped by what it asks: a target
	// without that key refuses them (errno 140).
	Encryption []DumpEncryption `json:"encryption,omitempty"`
	// RowCompressedTables are the tables ("schema.table", sorted) whose
	// CREATE TABLE makes them ROW_FORMAT=COMPRESSED (or names a
	// KEY_BLOCK_SIZE), and RowCompressedBytes their data in the dump, on
	// the basis of DumpTable.Bytes: InnoDB compresses their pages as it
	// loads them, a CPU cost the restore estimate adds.
	RowCompressedTables []string `json:"row_compressed_tables,omitempty"`
	RowCompressedBytes  uint64   `json:"row_compressed_bytes,omitempty"`
	// WideTables are the tables (sorted by name) whose largest record, as
	// InnoDB's CREATE TABLE check counts it, some page size refuses (at
	// least 1979 bytes: REDUNDANT's limit on 4K pages), and every
	// ROW_FORMAT=COMPRESSED table (its limit is its compressed page's).
	WideTables []DumpWideTable `json:"wide_tables,omitempty"`
}

// DumpWideTable is one table's largest record as InnoDB's CREATE TABLE
// check counts it (MariaDB 10.11's rule, checked live at 4K, 16K and 64K
// pages): every column at its declared maximum, except that a column that
// may go off-page (BLOB/TEXT, or over 255 bytes) counts what the record
// keeps of it (21 bytes DYNAMIC, 790 COMPACT, 788 REDUNDANT).
type DumpWideTable struct {
	Name string `json:"name"` // schema.table
	// RowFormat is the ROW_FORMAT its CREATE TABLE names, lower case
	// ("dynamic", "compact", "redundant", "compressed"); "" when unstated
	// (the target's innodb_default_row_format, DYNAMIC unless set).
	RowFormat string `json:"row_format,omitempty"`
	// KeyBlockSizeKiB is its KEY_BLOCK_SIZE (0: none named).
	KeyBlockSizeKiB int `json:"key_block_size_kib,omitempty"`
	// RecordBytes is the record in its row format, as DYNAMIC when it
	// names none or is COMPRESSED (whose 2-byte header is 3 less).
	RecordBytes int `json:"record_bytes"`
	// DynamicRecordBytes is the same record as ROW_FORMAT=DYNAMIC, for a
	// COMPACT or REDUNDANT table (0 otherwise).
	DynamicRecordBytes int `json:"dynamic_record_bytes,omitempty"`
	// Fields is the clustered index's fields (its columns and InnoDB's
	// system columns): a compressed page's limit depends on it.
	Fields int `json:"fields"`
}

// DumpEncryption is one combination of MariaDB's table options
// ENCRYPTED= and ENCRYPTION_KEY_ID= a dump's tables name, with those tables
// ("schema.table", sorted).
type DumpEncryption struct {
	// Encrypted is "yes" or "no", "" when the CREATE TABLE does not say.
	Encrypted string `json:"encrypted,omitempty"`
	// KeyID is the ENCRYPTION_KEY_ID, 0 when the CREATE TABLE names none.
	KeyID  uint32   `json:"key_id,omitempty"`
	Tables []string `json:"tables"`
}

// DumpEngineUnknown names the tables whose engine a dump does not state.
const DumpEngineUnknown = "unknown"

// InnoDBShare is the share of the dump's table bytes that loads into
// InnoDB: its InnoDB tables and those of unknown engine (the target's
// default engine is InnoDB unless set otherwise); 1 when the dump names
// no engine or has no table bytes.
func (d *Dump) InnoDBShare() float64 {
	var all, innodb uint64
	for _, e := range d.Engines {
		all += e.Bytes
		if e.Name == "InnoDB" || e.Name == DumpEngineUnknown {
			innodb += e.Bytes
		}
	}
	if all == 0 {
		return 1
	}
	return float64(innodb) / float64(all)
}

// NonInnoDB is the dump's tables in engines other than InnoDB: how many,
// their bytes, and the engines' names, most bytes first.
func (d *Dump) NonInnoDB() (tables int, bytes uint64, names []string) {
	for _, e := range d.Engines {
		if e.Name == "InnoDB" || e.Name == DumpEngineUnknown {
			continue
		}
		tables += e.Tables
		bytes += e.Bytes
		names = append(names, e.Name)
	}
	return tables, bytes, names
}

// EngineNames are the storage engines the dump's tables name (not
// DumpEngineUnknown), most bytes first.
func (d *Dump) EngineNames() []string {
	var names []string
	for _, e := range d.Engines {
		if e.Name != DumpEngineUnknown {
			names = append(names, e.Name)
		}
	}
	return names
}

// DumpLoaderTrap is one database or table of a dump whose name its loader
// reads wrong: Kind says how (probe/dump's Trap… constants), Table is ""
// for a database.
type DumpLoaderTrap struct {
	Kind   string `json:"kind"`
	Schema string `json:"schema"`
	Table  string `json:"table,omitempty"`
	// File is the file of a "stray-file-myloader-loads" trap (Schema and
	// Table are then "").
	File string `json:"file,omitempty"`
}

// Quoted is the trap's name as SQL writes it: `db` or `db`.`table`.
func (t DumpLoaderTrap) Quoted() string {
	q := func(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
	if t.File != "" {
		return t.File
	}
	if t.Table == "" {
		return q(t.Schema)
	}
	return q(t.Schema) + "." + q(t.Table)
}

// MaxDumpObjects is the most views, routines, triggers and events a
// profile lists (Dump.Objects): a warning names a few, and a dump of
// thousands would make the profile megabytes.
const MaxDumpObjects = 500

// Kinds of DumpObject.
const (
	ObjectView      = "view"
	ObjectFunction  = "function"
	ObjectProcedure = "procedure"
	ObjectTrigger   = "trigger"
	ObjectEvent     = "event"
)

// DumpObject is one view, stored routine, trigger or event of a dump that
// names a DEFINER, and that account; Dump.Objects lists them by schema,
// kind and name. With the binary log on, whether the loading account may
// create one depends on both (threads.AccountWarning).
type DumpObject struct {
	// Kind is ObjectView, ObjectFunction, ObjectProcedure, ObjectTrigger
	// or ObjectEvent.
	Kind string `json:"kind"`
	// Schema is the database it is created in ("" when the dump does not
	// say: a mysqldump file that selects none).
	Schema string `json:"schema,omitempty"`
	Name   string `json:"name"`
	// Definer is the account it runs as, "user@host".
	Definer string `json:"definer"`
}
