package profile

import "time"

// Server flavors.
const (
	FlavorMySQL   = "mysql"
	FlavorMariaDB = "mariadb"
	FlavorPercona = "percona"
)

// Server holds what a live MySQL/MariaDB server said about itself. It is
// absent from a profile made without a server.
type Server struct {
	Reachable bool `json:"reachable"`
	// Error says why the server could not be read when Reachable is false.
	Error   string `json:"error,omitempty"`
	Flavor  string `json:"flavor"`
	Version string `json:"version"`
	// VersionComment is @@version_comment ("MySQL Community Server - GPL", "mariadb.org binary distribution").
	VersionComment string `json:"version_comment,omitempty"`
	Datadir        string `json:"datadir"`
	// Variables is SHOW GLOBAL VARIABLES with lower-case names and raw values.
	Variables map[string]string `json:"variables"`
	// Status is SHOW GLOBAL STATUS with lower-case names and raw values.
	Status    map[string]string `json:"status"`
	DataBytes uint64            `json:"data_bytes"`
	Tables    int               `json:"tables"`
	// Source says where the variables came from: "server", "mycnf" or
	// ServerSourceCapture (saved SHOW output, files in Captured).
	Source string `json:"source,omitempty"`
	// Captured names the capture files read (Source "capture").
	Captured []string `json:"captured,omitempty"`
	// Unread lists what could not be read (missing privileges, timeouts).
	Unread []string `json:"unread"`

	// Fields below are read by probe/server.

	// TablesError is why the table sizes could not be read (a timeout, a
	// lost connection); "" when they were. DataBytes and Tables are then
	// unknown, not zero.
	TablesError string `json:"tables_error,omitempty"`
	// TableSizesFrom names where the InnoDB table sizes came from when not
	// from information_schema.TABLES: "mysql.innodb_table_stats" on a
	// server with more tables than table_open_cache (review r55); "" when
	// information_schema.TABLES sized every table.
	TableSizesFrom string `json:"table_sizes_from,omitempty"`
	// IndexBytes is the sum of INDEX_LENGTH over user tables (DataBytes is DATA_LENGTH).
	IndexBytes uint64 `json:"index_bytes"`
	// InnoDBFileBytes is the size of the user tables' InnoDB tablespace
	// files (FILE_SIZE in information_schema.INNODB_SYS_TABLESPACES, MySQL
	// 8.0 on INNODB_TABLESPACES), 0 when not read (it needs PROCESS). Unlike
	// DATA_LENGTH it does not wait for the table statistics: MySQL 8.0 and
	// later cache information_schema.TABLES for information_schema_stats_expiry
	// (86400 s by default), and InnoDB's persistent statistics are
	// recalculated only after 10% of a table changed (never with
	// STATS_AUTO_RECALC=0): MariaDB 10.11 showed 32 KiB for a table of
	// 262,144 rows whose file held 92 MiB.
	InnoDBFileBytes uint64 `json:"innodb_file_bytes,omitempty"`
	// OutsideTablespaces are the InnoDB tablespaces whose file the server
	// names by an absolute path (MariaDB: FILENAME in
	// information_schema.INNODB_SYS_TABLESPACES; files in the datadir are
	// "./schema/table.ibd"): tables created with DATA DIRECTORY, undo
	// tablespaces in innodb_undo_directory, ibdata in innodb_data_home_dir.
	// At most MaxOutsideTablespaces, by path; absent when none or not read.
	OutsideTablespaces []Tablespace `json:"outside_tablespaces,omitempty"`
	// SystemTables is how many tables of the mysql schema the account sees
	// in information_schema.TABLES (nil when not read): 0 for an account
	// without broad SELECT, whose table sizes may leave out others' tables.
	SystemTables *int `json:"system_tables,omitempty"`
	// Engines holds data and index bytes and table count per storage engine.
	Engines map[string]EngineUsage `json:"engines"`
	// LargestTables are the biggest user tables (data+index), largest first, at most 10.
	LargestTables []TableSize `json:"largest_tables"`
	// Schemas are the user schemas the account sees tables in, by name,
	// with their tables and bytes (information_schema.TABLES): what a
	// restore into this server meets; nil when unread, when none, or when
	// there are more than MaxSchemas (SchemasOmitted then counts them).
	Schemas []SchemaUsage `json:"schemas,omitempty"`
	// ReadAt is when probe/server read the table sizes and Schemas (a
	// saved profile advised with server flags reads the server again,
	// after the profile's own taken_at); zero when not read.
	ReadAt time.Time `json:"read_at,omitzero"`
	// SchemasOmitted is how many user schemas hold tables when they are
	// more than MaxSchemas and Schemas is left out.
	SchemasOmitted int `json:"schemas_omitted,omitempty"`
	// BacktickNames are the databases (Table "") and the tables of other
	// databases whose names hold a backtick, at most 20: mydumper 0.10
	// cannot dump them. [] when none (or not read).
	BacktickNames []TableName `json:"backtick_names"`
	// QuoteNames are BacktickNames for a single quote: mydumper 0.10 dumps
	// their rows but not a database's routines and events nor a table's
	// triggers, and exits 1. [] when none (or not read).
	QuoteNames []TableName `json:"quote_names"`
	// CharsetsKnown and CollationsKnown say, for each character set and
	// collation a dump names (Dump.Charsets, Dump.Collations), whether this
	// server knows it (true) or answered "Unknown character set" /
	// "Unknown collation" (false): a CREATE naming one it lacks fails on
	// load. Only names the server answered are listed; nil when no dump was
	// given as the server was read.
	CharsetsKnown   map[string]bool `json:"charsets_known,omitempty"`
	CollationsKnown map[string]bool `json:"collations_known,omitempty"`
	// DefinersKnown says, for each account a dump's objects run as
	// (Dump.Definers, "user@host"), whether mysql.user holds it; nil when
	// no dump was given or the account may not read mysql.user.
	DefinersKnown map[string]bool `json:"definers_known,omitempty"`
	// Account is who mytune read the server as (nil when not read).
	Account *Account `json:"account,omitempty"`
	// EnginesAvailable are the storage engines SHOW ENGINES says can be
	// used (Support YES or DEFAULT, the default first); nil when no dump
	// named an engine as the server was read, or the list was not read.
	EnginesAvailable []string `json:"engines_available,omitempty"`
	// PerfSchemaBytes is what the performance schema allocated (SHOW ENGINE
	// PERFORMANCE_SCHEMA STATUS, performance_schema.memory); 0 when it is
	// off or unread.
	PerfSchemaBytes uint64 `json:"performance_schema_bytes,omitempty"`
	// RocksDBMemtableBytes is the most memory MyRocks' memtables take: per
	// column family WRITE_BUFFER_SIZE x MAX_WRITE_BUFFER_NUMBER, summed
	// (information_schema.ROCKSDB_CF_OPTIONS); 0 without the plugin or unread.
	RocksDBMemtableBytes uint64 `json:"rocksdb_memtable_bytes,omitempty"`
	// ReaderConnections is how many connections the reader itself held
	// open when SHOW GLOBAL STATUS was read (counted in that snapshot's
	// Threads_connected and, at a peak, Max_used_connections); 0 when not
	// recorded (a capture, or a profile saved before it was): one, the
	// session that read the status, is assumed then.
	ReaderConnections int `json:"reader_connections,omitempty"`
	// UptimeS is the Uptime status counter in seconds.
	UptimeS float64 `json:"uptime_s,omitempty"`
	// RedoBytesPerS is the redo log write rate (Innodb_os_log_written per second).
	RedoBytesPerS float64 `json:"redo_bytes_per_s,omitempty"`
	// RedoRateBasis says how RedoBytesPerS was got: "sampled 2s" or "lifetime" (average since start).
	RedoRateBasis string `json:"redo_rate_basis,omitempty"`
	// BufferPoolHitRatio is 1 - Innodb_buffer_pool_reads/Innodb_buffer_pool_read_requests (0..1), -1 if unknown.
	BufferPoolHitRatio float64 `json:"buffer_pool_hit_ratio"`
	// BufferPoolDirtyPct is dirty pages as a percentage of all buffer pool pages, -1 if unknown.
	BufferPoolDirtyPct float64 `json:"buffer_pool_dirty_pct"`
	// BinlogOn is the log_bin variable.
	BinlogOn bool `json:"binlog_on"`
	// SyncBinlog is the sync_binlog variable, -1 if unknown.
	SyncBinlog int64 `json:"sync_binlog"`
	// Replication is the server's replication role.
	Replication *Replication `json:"replication,omitempty"`
}

// ServerSourceCapture is Server.Source for variables (and status) read
// from saved SHOW GLOBAL VARIABLES/STATUS output (advise --variables).
const ServerSourceCapture = "capture"

// EngineUsage is what one storage engine holds.
type EngineUsage struct {
	DataBytes  uint64 `json:"data_bytes"`
	IndexBytes uint64 `json:"index_bytes"`
	Tables     int    `json:"tables"`
}

// TableSize is one table and its data+index bytes.
type TableSize struct {
	Name  string `json:"name"` // schema.table
	Bytes uint64 `json:"bytes"`
}

// MyCnf holds the settings read offline from a my.cnf (--mycnf FILE).
type MyCnf struct {
	Path  string   `json:"path"`
	Files []string `json:"files"` // every file read, includes first
	// Variables are the [mysqld]-family options, names lower-case with
	// dashes turned to underscores, last one wins. Options of version
	// groups ([mysqld-8.0], [mariadb-10.11]) are not here but in
	// VersionGroups: mysqld reads such a group only when it is that version.
	Variables map[string]string `json:"variables"`
	// VersionGroups holds the options of each version group by its name;
	// the rules apply a group on top of Variables only for a target of
	// that major.minor.
	VersionGroups map[string]map[string]string `json:"version_groups"`
	// Groups are the option groups the variables came from, lower-case
	// ("mysqld", "mariadb", "mariadb-10.11"); rules uses them to tell a
	// MariaDB my.cnf from a MySQL one when no server is reachable.
	Groups []string `json:"groups"`
	// MySQL is how mysqld (MySQL, Percona) reads the file, when that
	// differs from Variables/VersionGroups (mariadbd's reading): mysqld
	// does not read [mariadb], [client-server] or [galera]. See For.
	MySQL *MyCnfView `json:"mysql,omitempty"`
	// Warnings are where a server reads the file otherwise than it looks,
	// or would refuse to start on it.
	Warnings []MyCnfWarning `json:"warnings"`
	// Headers are every [group] header of the files read, lower-case,
	// empty groups and client groups included ([galera], [mariadb-10.5]):
	// without a server they tell which server the file is for.
	Headers []string `json:"headers"`
	// MySQLOnly are the server options of the file, not loose-, that only
	// MySQL and Percona Server have (innodb_redo_log_capacity,
	// log_error_verbosity): without a server they tell the file was
	// written for MySQL, and mariadbd refuses to start on them.
	MySQLOnly []string `json:"mysql_only"`
	// Placement is what the probe saw around the file that decides where
	// the advised fragment can go; nil on profiles saved before it.
	Placement *MyCnfPlacement `json:"placement,omitempty"`
}

// Dump describes a logical dump directory or file (--dump DIR).
type Dump struct {
	Path string `json:"path"`
	// PathQuoted is Path as a bash word ($'…' with \xNN escapes), set
	// only when Path is not valid UTF-8 or holds control characters: a
	// JSON string carries UTF-8 only, so "path" shows U+FFFD for such
	// bytes, and this keeps them.
	PathQuoted string `json:"path_quoted,omitempty"`
	// LoadData is true for a mydumper --load-data dump: its rows are in
	// .dat files that .sql files of the same name load with LOAD DATA
	// LOCAL INFILE.
	LoadData bool   `json:"load_data,omitempty"`
	Format   string `json:"format"` // "mysqlsh", "mydumper", "mysqldump"
	// TotalBytes is the dump's size uncompressed when known (see
	// TotalBytesBasis); table bytes (LargestTableBytes, TopTables) use the
	// same basis.
	TotalBytes uint64 `json:"total_bytes"`
	// FileBytes is the dump's size on disk (compressed as stored).
	FileBytes uint64 `json:"file_bytes,omitempty"`
	// ReadRate is the dump's disk's read rate, timed when it is not the
	// datadir's filesystem: the loader reads every file from there.
	ReadRate
	// TotalBytesBasis says what TotalBytes and the table bytes measure:
	// "uncompressed", "estimated" (uncompressed, extrapolated from the part
	// read) or "on-disk" (compressed; the uncompressed size is unknown).
	// "" in profiles written before the field: read it as "on-disk".
	TotalBytesBasis string `json:"total_bytes_basis,omitempty"`
	Tables          int    `json:"tables"`
	// Chunks counts the data files myloader or the loader reads, a
	// --load-data dump's .dat and the .sql that loads it as one.
	Chunks            int    `json:"chunks"`
	LargestTable      string `json:"largest_table,omitempty"`
	LargestTableBytes uint64 `json:"largest_table_bytes,omitempty"`
	Compression       string `json:"compression,omitempty"` // "zstd", "gzip", "none"
	SourceVersion     string `json:"source_version,omitempty"`
	// Schemas is the number of schemas (databases) the dump holds.
	Schemas int `json:"schemas,omitempty"`
	// Databases are the user schemas (not SystemSchemas) holding the
	// dump's tables, sorted: what an ANALYZE after the load names. A
	// mysqldump file that selects no database has its tables under ""
	// (loaded into the database the load line names), left out here.
	Databases []string `json:"databases"`
	// SystemSchemas are the server's own schemas the dump holds (mysql,
	// sys, performance_schema, information_schema), sorted: every target
	// has them already.
	SystemSchemas []string `json:"system_schemas"`
	// SystemTables, SystemChunks and SystemBytes are the part of Tables,
	// Chunks and TotalBytes in SystemSchemas (a load that leaves them out
	// loads the rest).
	SystemTables int    `json:"system_tables,omitempty"`
	SystemChunks int    `json:"system_chunks,omitempty"`
	SystemBytes  uint64 `json:"system_bytes,omitempty"`
	// SystemRoutineTables are mysql.proc and mysql.event when the dump
	// holds their rows: stored routines and events dumped as the mysql
	// schema's data (mydumper without --routines/--events); in a mydumper
	// dump only when some are a user schema's (RoutineSchemas).
	SystemRoutineTables []string `json:"system_routine_tables"`
	// RoutineSchemas are the user schemas (mydumper dumps) whose stored
	// routines or events are in this dump only as rows of
	// SystemRoutineTables: no db-schema-post.sql holds them (mydumper
	// without -R/-E). A dump whose mysql.proc rows are only the system
	// schemas' (sys on MariaDB) lists none, and then no
	// SystemRoutineTables either.
	RoutineSchemas []string `json:"routine_schemas"`
	// DataBytes is the uncompressed table data the dump recorded
	// (mysqlsh @.done.json "dataBytes"); 0 when the dump does not say.
	DataBytes uint64 `json:"data_bytes,omitempty"`
	// Dumper is the tool that wrote the dump as it named itself
	// ("mysqlsh Ver 8.0.33 …", "mydumper"), "" when unknown.
	Dumper string `json:"dumper,omitempty"`
	// NoUseStatement is true for a mysqldump file that selects no database
	// (dumped as mysqldump DB, without --databases): its load must name
	// one, or every statement fails with "No database selected".
	NoUseStatement bool `json:"no_use_statement,omitempty"`
	// CreatesNoTable is true for a mysqldump file with INSERTs and no
	// CREATE TABLE (--no-create-info): it fills tables the target must have.
	CreatesNoTable bool `json:"creates_no_table,omitempty"`
	// InsertVerb is "INSERT IGNORE" or "REPLACE" when a mysqldump file's
	// rows are written so (--insert-ignore, --replace); "" for INSERT.
	InsertVerb string `json:"insert_verb,omitempty"`
	// DropsTables is true for a mysqldump file with DROP TABLE statements
	// (mysqldump's default --add-drop-table): loading it replaces a table
	// of the same name on the target, rows and all.
	DropsTables bool `json:"drops_tables,omitempty"`
	// DropsDatabases are the databases a mysqldump file drops before it
	// creates them (DROP DATABASE IF EXISTS, mysqldump --add-drop-database):
	// loading it loses every table of theirs on the target.
	DropsDatabases []string `json:"drops_databases"`
	// UncreatedDatabases are the databases a mysqldump file selects (USE)
	// before any CREATE DATABASE of theirs (mysqldump --databases
	// --no-create-db): on a target without them the load fails ("ERROR
	// 1049 (42000): Unknown database").
	UncreatedDatabases []string `json:"uncreated_databases"`
	// ReplicationStatements are the replication statements a mysqldump
	// file runs (not commented out), each as its first words: mariadb-dump
	// --master-data/--gtid's CHANGE MASTER TO and SET GLOBAL gtid_slave_pos,
	// mysqldump --source-data's CHANGE REPLICATION SOURCE TO and
	// --set-gtid-purged's SET @@GLOBAL.GTID_PURGED.
	ReplicationStatements []string `json:"replication_statements,omitempty"`
	// LoaderTraps are the databases and tables of a mydumper dump whose
	// names myloader 0.10 reads wrong (a table named t-schema, a database
	// named with a dot, a table without its -schema.sql), sorted.
	LoaderTraps []DumpLoaderTrap `json:"loader_traps"`
	// CaseCollisions are the dump's names that differ only in letter case
	// (databases, or tables of one database), each group quoted for SQL
	// and joined by " and " ("`db`.`Foo` and `db`.`foo`"), sorted: a
	// target with lower_case_table_names 1 or 2 takes each group for one
	// table or database. [] when none.
	CaseCollisions []string `json:"case_collisions"`
	// HeaderDatabase is the database a mysqldump file's header names
	// ("-- Host: … Database: shop"), "" when it names none.
	HeaderDatabase string `json:"header_database,omitempty"`
	// InsertStatements counts INSERT statements (mysqldump files only),
	// in the part scanned (ScannedBytes).
	InsertStatements int `json:"insert_statements,omitempty"`
	// AutocommitOff is true for a mysqldump file that turns autocommit off
	// around its INSERTs and commits them itself (mysqldump
	// --no-autocommit: SET autocommit=0 … COMMIT per table).
	AutocommitOff bool `json:"autocommit_off,omitempty"`
	// Transactions counts the transactions a mysqldump file's load commits
	// (in the part scanned): each INSERT run with autocommit on, plus each
	// COMMIT; only set with AutocommitOff (otherwise InsertStatements is
	// the count).
	Transactions int `json:"transactions,omitempty"`
	// SchemaStatements counts the statements a mysqldump file runs that
	// change a schema (CREATE, DROP and ALTER of databases, tables, views,
	// triggers, routines and events; ALTER TABLE … DISABLE KEYS among them),
	// in the part scanned: each commits on its own and, with the binary log
	// on, is written to it as its own event group (synced with sync_binlog
	// = 1). 0 in profiles saved before mytune counted them.
	SchemaStatements int `json:"schema_statements,omitempty"`
	// Incomplete is true for a mysqldump file whose header comments say
	// comments were on but which lacks mysqldump's last line ("-- Dump
	// completed on …"): it was cut short (a copy that did not finish, a
	// dump that stopped), and loading it restores only part of the data.
	Incomplete bool `json:"incomplete,omitempty"`
	// SandboxLine is true for a mysqldump file whose first line is
	// mariadb-dump's "/*M!999999\- enable the sandbox mode */", which
	// MySQL's mysql client and MariaDB clients before 10.5.25, 10.6.18 and
	// 10.11.8 stop at ("Unknown command '\-'").
	SandboxLine bool `json:"sandbox_line,omitempty"`
	// NoSessionHeader is true for a mysqldump file with statements but
	// without mysqldump's session header (no SET of FOREIGN_KEY_CHECKS or
	// TIME_ZONE before its first CREATE TABLE or INSERT: --compact): its
	// load runs with the session's foreign-key checks, sql_mode and time
	// zone.
	NoSessionHeader bool `json:"no_session_header,omitempty"`
	// ForeignKeys and GeneratedColumns count the FOREIGN KEY and GENERATED ALWAYS AS lines of a mysqldump file's CREATE TABLEs (part scanned).
	ForeignKeys      int `json:"foreign_keys,omitempty"`
	GeneratedColumns int `json:"generated_columns,omitempty"`
	// MySQL8Collations is true when a mysqldump file's CREATE TABLE or
	// CREATE DATABASE statements name MySQL 8's utf8mb4_0900_* collations,
	// which MariaDB has only since 11.4.5 (as aliases; MariaDB 11.4.5
	// release notes): an older MariaDB stops the load ("ERROR 1273 (HY000):
	// Unknown collation: 'utf8mb4_0900_ai_ci'").
	MySQL8Collations bool `json:"mysql8_collations,omitempty"`
	// Charsets and Collations are the character sets and collations the
	// dump's CREATE statements and view/routine headers name (lower case,
	// sorted; "binary" left out): a target that lacks one stops the load
	// of what names it ("ERROR 1115 Unknown character set", "ERROR 1273
	// Unknown collation").
	Charsets   []string `json:"charsets,omitempty"`
	Collations []string `json:"collations,omitempty"`
	// FunctionalKeyTables are the tables ("schema.table") whose CREATE
	// TABLE has an index on an expression (MySQL 8.0.13+'s functional key
	// parts), which MariaDB refuses (ERROR 1064 on 10.11.19).
	FunctionalKeyTables []string `json:"functional_key_tables,omitempty"`
	// DataDirectories are the tables whose CREATE TABLE names a DATA
	// DIRECTORY, by path: the target creates them there, outside its datadir.
	DataDirectories  []DumpDataDirectory `json:"data_directories,omitempty"`
	DumpTableOptions                     // encryption and ROW_FORMAT=COMPRESSED, inline in the JSON
	DumpTableKinds                       // FULLTEXT, SPATIAL, foreign keys, system versioning, sequences, inline in the JSON
	// Definers are the accounts ("user@host") the dump's views, routines,
	// triggers and events run as (DEFINER=…): on a target without one,
	// each object is created but fails when used (ERROR 1449).
	Definers       []string     `json:"definers,omitempty"`
	Objects        []DumpObject `json:"objects,omitempty"`         // at most MaxDumpObjects (DumpObject)
	ObjectsOmitted int          `json:"objects_omitted,omitempty"` // those past MaxDumpObjects
	// NoSetNamesUTF8 is true for a mysqldump file that sets no character
	// set (no SET NAMES: --compact, or another tool's export) and whose
	// text is UTF-8 with characters beyond ASCII: the client must be told
	// (fields_revision 8).
	NoSetNamesUTF8 bool `json:"no_set_names_utf8,omitempty"`
	// BinaryNames are the tables whose schema file's SET NAMES binary the
	// target would create otherwise than the source had them (fields_revision 6).
	BinaryNames []DumpBinaryNames `json:"binary_names,omitempty"`
	// GeneratedNotNullTables are the tables ("schema.table") whose CREATE
	// TABLE has a generated column declared NOT NULL ("GENERATED ALWAYS AS
	// (…) STORED NOT NULL", as MySQL writes it), which MariaDB refuses
	// (ERROR 1064 on 10.11.19).
	GeneratedNotNullTables []string `json:"generated_not_null_tables,omitempty"`
	// InvisibleColumnTables are the tables ("schema.table") whose CREATE
	// TABLE has a column MySQL 8.0.23+ made invisible ("/*!80023 INVISIBLE
	// */"), which MariaDB creates visible.
	InvisibleColumnTables []string `json:"invisible_column_tables,omitempty"`
	DumpDates                      // zero_date_defaults: dates a strict sql_mode refuses
	// SessionBinlogOff is true when a mysqldump file turns the binary log
	// off for its own session ("SET @@SESSION.SQL_LOG_BIN= 0;", MySQL's
	// mysqldump with GTIDs on and --set-gtid-purged AUTO or ON): its load
	// stays out of the target's binary log whatever the mysql line says,
	// and an account that may not set sql_log_bin stops at that line.
	SessionBinlogOff bool `json:"session_binlog_off,omitempty"`
	// HistoryRows is set for a mysqldump file whose session sets
	// system_versioning_insert_history=1 (mariadb-dump --dump-history):
	// its INSERTs carry the versioned tables' history, row_start and
	// row_end included, and the mysql line writes them as dumped.
	HistoryRows bool `json:"history_rows,omitempty"`
	// LargestLineBytes is a mysqldump file's longest line (part scanned):
	// MySQL's mysqldump writes an extended INSERT on one line, mariadb-dump
	// 10.11 one row a line in statements of up to its net_buffer_length
	// (1 MiB by default) unless a row is longer, so a statement longer than
	// max_allowed_packet (client and server alike) shows as a line nearly
	// as long.
	LargestLineBytes uint64 `json:"largest_line_bytes,omitempty"`
	// ScannedBytes is the uncompressed bytes a mysqldump file's scan read
	// when it stopped before the end (its counts are of that part); 0 when
	// it read the whole file.
	ScannedBytes uint64 `json:"scanned_bytes,omitempty"`
	// TopTables are the largest tables, largest first (at most 10).
	TopTables []DumpTable `json:"top_tables"`
	// Engines are the storage engines the CREATE TABLE statements of the
	// user schemas' tables name (SystemSchemas left out), with their
	// tables and bytes (the TotalBytes basis), most bytes first; tables whose engine the dump does not state (no schema file,
	// no ENGINE= clause: the target's default engine, InnoDB unless set
	// otherwise) are under DumpEngineUnknown.
	Engines []DumpEngine `json:"engines"`
	// TableModels size the rows of the tables whose CREATE TABLE and first
	// rows the dump holds, as InnoDB stores them (user schemas only).
	TableModels []DumpTableModel `json:"table_models"`
	// Notes are facts a reader should know ("read only the first 256 MiB").
	Notes []string `json:"notes"`
}

// SchemaUsage is one user schema's base tables and their data and index
// bytes.
type SchemaUsage struct {
	Name   string `json:"name"`
	Tables int    `json:"tables"`
	Bytes  uint64 `json:"bytes"`
}

// MaxSchemas is the most user schemas a profile lists by name (a
// multi-tenant server's thousands would make the profile megabytes).
const MaxSchemas = 1000

// Schema is the named user schema's usage on the server, and whether the
// server's schemas are listed at all (known false: not a live server's
// reading, unread, omitted, or a profile from before they were listed).
func (s *Server) Schema(name string) (u SchemaUsage, found, known bool) {
	if s == nil || !s.Reachable || s.Source != "server" || s.TablesError != "" || s.SchemasOmitted > 0 || (s.Schemas == nil && s.Tables > 0) {
		return SchemaUsage{}, false, false
	}
	for _, u := range s.Schemas {
		if u.Name == name {
			return u, true, true
		}
	}
	return SchemaUsage{}, false, true
}
