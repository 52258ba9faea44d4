package profile

// DumpBinaryNames is one table of a dump whose schema file sets SET NAMES
// binary before its CREATE TABLE (mydumper 0.10 opens every schema file
// so) when the target would store that CREATE TABLE otherwise than the
// source had it: the statement's text is UTF-8 (SHOW CREATE TABLE's), and
// under binary the server copies the bytes of a literal into a column of
// another character set and reads a referenced table's non-ASCII name as
// another name (MariaDB 10.11.19 with myloader 0.10, 2026-12-07, review
// r68 and docs/benchmarks/live-server.md; mydumper issue #1974).
type DumpBinaryNames struct {
	Table string `json:"table"` // "schema.table"
	// File is its schema file's name in the dump's directory ("" for a
	// table of a mysqldump file, whose one file is the dump).
	File string `json:"file,omitempty"`
	// Parents are the tables ("schema.table") its FOREIGN KEYs reference
	// whose name is not ASCII: the constraint is stored naming a table
	// that does not exist (`pär` as `pÃ¤r`), and every INSERT into the
	// table then fails (ERROR 1452).
	Parents []string `json:"parents,omitempty"`
	// Columns are its columns of a character set other than utf8mb3,
	// utf8mb4 and binary whose DEFAULT or ENUM/SET values hold non-ASCII
	// characters: stored double-encoded ('ä' as 'Ã¤'), so a row's 'ä' in
	// such an ENUM loads as '' (a warning) and a DEFAULT changes.
	Columns []string `json:"columns,omitempty"`
	// PartitionColumns are the columns of its RANGE or LIST COLUMNS
	// partitioning whose character set is not UTF-8 (as Columns) when its
	// partitions' VALUES quote non-ASCII text: the bounds are stored
	// double-encoded too ('ä' as 'Ã¤'), so a LIST's rows find no partition
	// (myloader reports the chunk and loses its rows; the mysql client stops
	// a mysqldump file there, ERROR 1526) and a RANGE's land in another
	// partition without an error (MariaDB 10.11.19, reviews r69 and r70; a
	// mysqldump file's partition lines after its ENGINE line are read too).
	PartitionColumns []string `json:"partition_columns,omitempty"`
	// NotUTF8 is true when the CREATE TABLE is not valid UTF-8 either, so
	// SET NAMES utf8mb4 would not read it right.
	NotUTF8 bool `json:"not_utf8,omitempty"`
}
