package calibrate

import (
	"fmt"
	"regexp"
	"strings"
)

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
	// qBinlogWrites says whether this session's writes reach the binary
	// log, and where the log is (its disk fills with every row committed).
	qBinlogWrites stmt = "/* mytune */ SELECT @@log_bin, @@session.sql_log_bin, @@log_bin_basename"
	// qDatadir reads where the server keeps its data (to probe that disk).
	qDatadir stmt = "/* mytune */ SELECT @@datadir"
	// qFilePerTable says whether new InnoDB tables get their own file
	// (checkFilePerTable).
	qFilePerTable stmt = "/* mytune */ SELECT @@innodb_file_per_table"
	// qInnoDBReadOnly says whether InnoDB refuses every write
	// (checkInnoDBReadOnly).
	qInnoDBReadOnly stmt = "/* mytune */ SELECT @@innodb_read_only"
	// qHostname is the server's host name: ServerHere compares it with this
	// machine's, and a prediction from --from with the profile's host.
	qHostname stmt = "/* mytune */ SELECT @@hostname"

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

	// qMaxConnections caps calibrate --dump's session counts.
	qMaxConnections stmt = "/* mytune */ SELECT @@max_connections"
	// qWsrep says whether the server is a Galera node (Open then turns
	// wsrep_on off in calibrate's sessions); it fails on MySQL.
	qWsrep stmt = "/* mytune */ SELECT @@global.wsrep_on, @@global.wsrep_provider"
	// qSlavesRunning is MariaDB's count of replica SQL threads running
	// (readable without privileges): a replica's binary log must not get
	// calibrate's writes (replicaBinlogRefused).
	qSlavesRunning stmt = "/* mytune */ SHOW GLOBAL STATUS LIKE 'Slaves_running'"
	// qReadOnly says whether the server is read_only (calibrate notes it).
	qReadOnly stmt = "/* mytune */ SELECT @@read_only"
	// qThreadsConnected is the sessions already open (they count against max_connections).
	qThreadsConnected stmt = "/* mytune */ SHOW GLOBAL STATUS LIKE 'Threads_connected'"
	// qUserConnections is the session's max_user_connections (the
	// account's own limit when it has one, else the global one; 0:
	// unlimited) and the account it applies to.
	qUserConnections stmt = "/* mytune */ SELECT @@session.max_user_connections, CURRENT_USER()"
	// qUserSessions counts the sessions of a user name (the account's own
	// are visible without the PROCESS privilege; other accounts of the
	// same name only make the count larger, the cap safer).
	qUserSessions stmt = "/* mytune */ SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER = ?"
	// qIdentity names the server a calibration was made on, so that advise
	// notices a saved one from another server.
	qIdentity stmt = "/* mytune */ SELECT @@hostname, @@port, @@datadir, @@innodb_buffer_pool_size"
	// qLoadStatus reads the counters calibrate --dump measures each step by
	// (the redo log's current LSN: Innodb_lsn_current on MariaDB,
	// Innodb_redo_log_current_lsn on MySQL 8.0.30+; rows inserted:
	// Innodb_rows_inserted on MySQL, Handler_write on MariaDB 10.6+, which
	// dropped Innodb_rows_*) and the regime it ran in (pool pages free and
	// dirty, MariaDB's checkpoint age): SHOW only.
	qLoadStatus stmt = "/* mytune */ SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_lsn_current', 'Innodb_redo_log_current_lsn', " +
		"'Innodb_rows_inserted', 'Handler_write', " +
		"'Innodb_buffer_pool_pages_free', 'Innodb_buffer_pool_pages_dirty', 'Innodb_buffer_pool_pages_total', " +
		"'Innodb_checkpoint_age', 'Innodb_buffer_pool_pages_flushed')"
	// qMaxAllowedPacket is the largest statement a new session may send.
	qMaxAllowedPacket stmt = "/* mytune */ SELECT @@global.max_allowed_packet"
	// qLogFileSize is the redo log's size, against which the checkpoint age is a share.
	qLogFileSize stmt = "/* mytune */ SELECT @@innodb_log_file_size"
	// qCurrentUser is the account the server matched (user@host), whose
	// grants qAccountPrivileges reads.
	qCurrentUser stmt = "/* mytune */ SELECT CURRENT_USER()"
	// qAccountRoles counts the roles granted to the account: privileges a
	// role brings are not in its own rows of qAccountPrivileges.
	qAccountRoles stmt = "/* mytune */ SELECT COUNT(*) FROM information_schema.APPLICABLE_ROLES"
	// qAccountPrivileges is the account's global privileges and those it
	// holds on the schema through a grant whose database pattern (LIKE
	// wildcards, as mysql.db keeps it) matches the schema's name; arguments:
	// the grantee twice, then the schema's name.
	qAccountPrivileges stmt = "/* mytune */ SELECT PRIVILEGE_TYPE FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = ? " +
		"UNION SELECT PRIVILEGE_TYPE FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE = ? AND ? LIKE TABLE_SCHEMA"
	// qOtherEngines lists the engines other than InnoDB of the scratch
	// tables (a dump's MyISAM or Aria tables write no InnoDB redo).
	qOtherEngines stmt = "/* mytune */ SELECT DISTINCT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? " +
		"AND TABLE_NAME <> '" + OwnerTable + "' AND ENGINE IS NOT NULL AND ENGINE <> 'InnoDB'"
	// qServerUUID is MySQL's server_uuid (MariaDB has none: the error is ignored).
	qServerUUID stmt = "/* mytune */ SELECT @@server_uuid"

	// qLoadSession sets what dump loaders set on their sessions (mysqldump's
	// and mydumper's file headers, myloader 0.10, MySQL Shell's loadDump):
	// no foreign-key or unique checks, NO_AUTO_VALUE_ON_ZERO, UTC.
	qLoadSession stmt = "/* mytune */ SET SESSION foreign_key_checks = 0, unique_checks = 0, " +
		"sql_mode = 'NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00'"
	// qSetNames applies a dump file's SET NAMES (the charset is a parameter).
	qSetNames stmt = "/* mytune */ SET NAMES ?"
	// qDropLoad drops one scratch load table (loadTable names it).
	qDropLoadHead stmt = "/* mytune */ DROP TABLE IF EXISTS {schema}."
	// qCreateLoadHead, qInsertLoadHead and qLoadDataHead start the
	// statements built from a dump by createLoad, insertLoad and loadData.
	qCreateLoadHead stmt = "/* mytune */ CREATE TABLE {schema}."
	qLoadDataHead   stmt = "/* mytune */ LOAD DATA LOCAL INFILE 'Reader::"

	// qBegin, qCommit and qRollback are a batch's transaction, sent on one
	// connection (transaction.go) instead of through database/sql's BeginTx
	// and Commit, which the driver sends untagged ("START TRANSACTION" and
	// "COMMIT" in MariaDB 10.11's general log, review r20).
	qBegin    stmt = "/* mytune */ START TRANSACTION"
	qCommit   stmt = "/* mytune */ COMMIT"
	qRollback stmt = "/* mytune */ ROLLBACK"

	// qInsertHead and qInsertRow make the multi-row INSERT of insertRows.
	qInsertHead stmt = "/* mytune */ INSERT INTO {schema}." + RowsTable + " (k, c, pad) VALUES "
	qInsertRow  stmt = "(?, ?, ?)"
)

// Tables calibrate creates in its schema; --cleanup drops a schema that
// holds OwnerTable and nothing but these.
const (
	OwnerTable = "mytune_calibrate_owner"
	RowsTable  = "mytune_calibrate_rows"
	// LoadTablePrefix starts the names of calibrate --dump's tables:
	// LoadTablePrefix + the table's number in the dump sample.
	LoadTablePrefix = "mytune_calibrate_load_"
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

// This file builds the statements of calibrate --dump from a dump's own
// text. Each one names a scratch table {schema}.mytune_calibrate_load_N as
// its only target: the dump's table name is replaced, never kept, and the
// driver sends one statement per call (no multiStatements), so a dump's
// text can add rows to that table and nothing else.

// loadTable is the scratch table of the dump sample's table i.
func loadTable(i int) string { return fmt.Sprintf("%s%d", LoadTablePrefix, i) }

// dumpStmt is a statement from a dump: a head naming {schema} and a
// scratch table, then the dump's own text. in() replaces {schema} in the
// head only, so a value that reads "{schema}" reaches the server unchanged.
type dumpStmt struct {
	head stmt
	body []byte
}

func (d dumpStmt) in(schema string) string { return d.head.in(schema) + string(d.body) }

// dropLoad drops scratch table i.
func dropLoad(i int) stmt { return qDropLoadHead + stmt(loadTable(i)) }

// forbiddenDDL are table options that would write outside the datadir's
// own tablespace or into another server: a table using one is left out.
var forbiddenDDL = regexp.MustCompile(`(?i)\b(DATA|INDEX)\s+DIRECTORY\b|\bTABLESPACE\b|\bCONNECTION\s*=|\bENGINE\s*=\s*(FEDERATED|CONNECT|SPIDER|MERGE|MRG_MyISAM)\b|\bUNION\s*=`)

// foreignKey matches one FOREIGN KEY definition line of SHOW CREATE TABLE
// (mysqldump and mydumper copy its layout: one definition a line).
var foreignKey = regexp.MustCompile(`(?im)^\s*(CONSTRAINT\s+\S+\s+)?FOREIGN\s+KEY\b.*$\n?`)

// createLoad is CREATE TABLE for scratch table i from the dump's text after
// the table name. Foreign keys are dropped (the tables they name are not
// in the scratch schema); a forbidden option refuses the table.
func createLoad(i int, rest string) (dumpStmt, error) {
	if m := forbiddenDDL.FindString(rest); m != "" {
		return dumpStmt{}, fmt.Errorf("its CREATE TABLE uses %s, which calibrate does not create in its scratch schema", m)
	}
	body := foreignKey.ReplaceAllString(rest, "")
	// a dropped last definition leaves "…,\n)": remove the dangling comma
	body = regexp.MustCompile(`,(\s*\n\))`).ReplaceAllString(body, "$1")
	if !strings.HasPrefix(strings.TrimSpace(body), "(") {
		return dumpStmt{}, fmt.Errorf("its CREATE TABLE has no column list (LIKE or SELECT): not loaded")
	}
	return dumpStmt{head: qCreateLoadHead + stmt(loadTable(i)) + " ", body: []byte(body)}, nil
}

// insertLoad is a dump's INSERT (verb "INSERT", "INSERT IGNORE" or
// "REPLACE") aimed at scratch table i; rest is the text after the dump's
// table name: an optional column list and VALUES.
func insertLoad(verb string, i int, rest []byte) (dumpStmt, error) {
	var head stmt
	switch verb {
	case "INSERT":
		head = "/* mytune */ INSERT INTO {schema}."
	case "INSERT IGNORE":
		head = "/* mytune */ INSERT IGNORE INTO {schema}."
	case "REPLACE":
		head = "/* mytune */ REPLACE INTO {schema}."
	default:
		return dumpStmt{}, fmt.Errorf("unknown INSERT verb %q", verb)
	}
	t := strings.TrimLeft(string(rest[:min(len(rest), 16)]), " \t\r\n")
	if !strings.HasPrefix(t, "(") && !strings.HasPrefix(strings.ToUpper(t), "VALUE") {
		return dumpStmt{}, fmt.Errorf("an INSERT that is not INSERT … VALUES: not loaded")
	}
	return dumpStmt{head: head + stmt(loadTable(i)), body: rest}, nil
}

// identRe is a column name calibrate quotes into LOAD DATA's column list.
var identRe = regexp.MustCompile("^[^`\x00]{1,64}$")

// loadData is LOAD DATA LOCAL INFILE of the registered reader name into
// scratch table i in MySQL Shell's default tsv dialect (what the dump's
// table JSON said), with the chunks' column order.
func loadData(reader string, i int, charset string, columns []string) (stmt, error) {
	if !regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`).MatchString(reader) || !regexp.MustCompile(`^[A-Za-z0-9_]{1,32}$`).MatchString(charset) {
		return "", fmt.Errorf("bad reader %q or charset %q", reader, charset)
	}
	cols := make([]string, len(columns))
	for j, c := range columns {
		if !identRe.MatchString(c) {
			return "", fmt.Errorf("column name %q cannot be quoted", c)
		}
		cols[j] = "`" + c + "`"
	}
	q := qLoadDataHead + stmt(reader) + "' INTO TABLE {schema}." + stmt(loadTable(i)) + " CHARACTER SET " + stmt(charset) +
		` FIELDS TERMINATED BY '\t' ESCAPED BY '\\' LINES TERMINATED BY '\n'`
	if len(cols) > 0 {
		q += " (" + stmt(strings.Join(cols, ", ")) + ")"
	}
	return q, nil
}

// The privileges calibrate needs on its schema, checked before it creates
// it (checkPrivileges): CREATE DATABASE and CREATE TABLE need CREATE, DROP
// DATABASE and DROP TABLE need DROP, the marker and the rows INSERT and
// SELECT (MySQL and MariaDB manuals, "Privileges Provided").
const (
	privCreate = "CREATE"
	privDrop   = "DROP"
	privInsert = "INSERT"
	privSelect = "SELECT"
)

// neededPrivileges are the privileges checkPrivileges looks for, in the
// order a refusal names them.
var neededPrivileges = []string{privCreate, privDrop, privInsert, privSelect}
