package calibrate

import "strings"

// Every statement calibrate sends to a server. calibrate is the one part of
// mytune that writes, and only inside its own scratch schema: each DDL/DML
// constant below names {schema}, which in() replaces with the validated,
// back-quoted schema name. Every statement is tagged /* mytune */ so a DBA
// can find it in a processlist or a log. queries_test.go checks this file
// and every other file of the package (no SQL anywhere else).
//
// stmt is the type of these constants; the code that sends SQL passes
// stmt.in(schema), so no other string can reach the server.
type stmt string

// schemaPlaceholder stands for the scratch schema in the statements below.
const schemaPlaceholder = "{schema}"

const (
	// qSchemaExists asks whether a schema exists (the account may not see
	// one it has no privilege on: CREATE DATABASE then refuses it anyway).
	qSchemaExists stmt = "/* mytune */ SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?"
	// qSchemaTables lists the tables and views of a schema.
	qSchemaTables stmt = "/* mytune */ SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?"
	// qSchemaRoutines counts stored procedures and functions of a schema.
	qSchemaRoutines stmt = "/* mytune */ SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = ?"
	// qSchemaEvents counts scheduled events of a schema.
	qSchemaEvents stmt = "/* mytune */ SELECT COUNT(*) FROM information_schema.EVENTS WHERE EVENT_SCHEMA = ?"
	// qVersion reads the server's version for the report.
	qVersion stmt = "/* mytune */ SELECT @@version, @@version_comment"
	// qLogBin says whether the server writes a binary log (replicas).
	qLogBin stmt = "/* mytune */ SELECT @@log_bin"
	// qDatadir reads where the server keeps its data (to probe that disk).
	qDatadir stmt = "/* mytune */ SELECT @@datadir"

	// qCreateSchema has no IF NOT EXISTS on purpose: it fails (error 1007)
	// when the schema exists, so calibrate never adopts a schema it did not make.
	qCreateSchema stmt = "/* mytune */ CREATE DATABASE {schema}"
	qCreateOwner  stmt = "/* mytune */ CREATE TABLE {schema}." + OwnerTable +
		" (run_id VARCHAR(64) NOT NULL, host VARCHAR(255) NOT NULL, pid INT NOT NULL, started_at VARCHAR(40) NOT NULL," +
		" PRIMARY KEY (run_id)) ENGINE=InnoDB"
	qInsertOwner stmt = "/* mytune */ INSERT INTO {schema}." + OwnerTable + " (run_id, host, pid, started_at) VALUES (?, ?, ?, ?)"
	qReadOwner   stmt = "/* mytune */ SELECT run_id, host, pid, started_at FROM {schema}." + OwnerTable + " LIMIT 1"
	// qCreateRows is sysbench's sbtest table (id, k, c CHAR(120), pad
	// CHAR(60), secondary key on k): about 192 bytes of row data.
	qCreateRows stmt = "/* mytune */ CREATE TABLE {schema}." + RowsTable +
		" (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, k INT UNSIGNED NOT NULL DEFAULT 0," +
		" c CHAR(120) NOT NULL DEFAULT '', pad CHAR(60) NOT NULL DEFAULT ''," +
		" PRIMARY KEY (id), KEY k_1 (k)) ENGINE=InnoDB"
	qDropRows   stmt = "/* mytune */ DROP TABLE IF EXISTS {schema}." + RowsTable
	qDropSchema stmt = "/* mytune */ DROP DATABASE {schema}"

	// qInsertHead and qInsertRow make the multi-row INSERT of insertRows.
	qInsertHead stmt = "/* mytune */ INSERT INTO {schema}." + RowsTable + " (k, c, pad) VALUES "
	qInsertRow  stmt = "(?, ?, ?)"
)

// Tables calibrate creates in its schema; --cleanup drops a schema that
// holds OwnerTable and nothing but these.
const (
	OwnerTable = "mytune_calibrate_owner"
	RowsTable  = "mytune_calibrate_rows"
)

// in returns the statement with the scratch schema back-quoted in place of
// {schema}. The name must have passed CheckSchemaName.
func (s stmt) in(schema string) string {
	return strings.ReplaceAll(string(s), schemaPlaceholder, "`"+schema+"`")
}

// insertRows is the INSERT of n rows: qInsertHead and n times qInsertRow.
func insertRows(n int) stmt {
	rows := make([]string, n)
	for i := range rows {
		rows[i] = string(qInsertRow)
	}
	return qInsertHead + stmt(strings.Join(rows, ", "))
}
