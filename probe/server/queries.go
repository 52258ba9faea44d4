package server

// Every statement mytune sends to a server. Only SHOW and SELECT, each a
// constant tagged /* mytune */ so that a DBA can find it in a processlist
// or a log; queries_test.go checks this file and every other file of the
// package. The MAX_EXECUTION_TIME(10000) hint is MySQL's per-statement
// limit in milliseconds (MySQL manual, "Optimizer Hints"), equal to
// DefaultQueryTimeout; MariaDB ignores the hint as a comment, and there the
// context timeout of each query is the only limit, except for the
// table-size query: it runs for TablesTimeout (30 s, its hint 30000) and
// on MariaDB 10.1.2+ is qEnginesMariaDB, SET STATEMENT
// max_statement_time=30 FOR SELECT … (MariaDB KB "SET STATEMENT",
// "max_statement_time", in seconds), still one read-only statement: the
// setting lasts for that statement only.
//
// query is the type of these constants; the helpers that send SQL take a
// query, so no other string can reach the server.
type query string

const (
	qVersion   query = "/* mytune */ SELECT @@version, @@version_comment"
	qVariables query = "/* mytune */ SHOW GLOBAL VARIABLES"
	qStatus    query = "/* mytune */ SHOW GLOBAL STATUS"
	qRedo      query = "/* mytune */ SHOW GLOBAL STATUS LIKE 'Innodb_os_log_written'"
	qDatadir   query = "/* mytune */ SELECT @@datadir, @@version, @@version_comment"
	// qPlace is what tells the server's machine and files from this one's
	// before its datadir is measured (probe.ServerElsewhere), and what
	// tells its process from another server's that keeps a pid file at the
	// same path (probe.PidNotServer): the port and socket it listens on.
	qPlace query = "/* mytune */ SELECT @@hostname, @@pid_file, @@port, @@skip_networking, @@socket"
	// qUptime is the server's age, read beside qPlace: the process of its
	// pid file cannot be older (probe.PidNotServer).
	qUptime query = "/* mytune */ SHOW GLOBAL STATUS LIKE 'Uptime'"

	// qVersionBounded, qVariablesBounded and qStatusBounded are the same
	// reads lifted above a MariaDB max_statement_time too small for them
	// (global or the account's MAX_STATEMENT_TIME): sent only after the
	// plain one failed with error 1969 (statementBounded), which only
	// MariaDB 10.1+ returns, and which knows SET STATEMENT.
	qVersionBounded   query = "/* mytune */ SET STATEMENT max_statement_time=10 FOR SELECT @@version, @@version_comment"
	qVariablesBounded query = "/* mytune */ SET STATEMENT max_statement_time=10 FOR SHOW GLOBAL VARIABLES"
	qStatusBounded    query = "/* mytune */ SET STATEMENT max_statement_time=10 FOR SHOW GLOBAL STATUS"
	qRedoBounded      query = "/* mytune */ SET STATEMENT max_statement_time=10 FOR SHOW GLOBAL STATUS LIKE 'Innodb_os_log_written'"

	// qPerfSchema lists what the performance schema allocated, one row per
	// buffer, the total as performance_schema.memory (MySQL 8.4 manual,
	// "SHOW ENGINE Statement"; MariaDB KB, "SHOW ENGINE"). It needs PROCESS.
	qPerfSchema query = "/* mytune */ SHOW ENGINE PERFORMANCE_SCHEMA STATUS"

	// qEngines lists every user table's schema, name, engine and sizes in
	// one pass, which tables() sums per engine and per schema and ranks
	// for LargestTables: information_schema.TABLES opens every table it
	// sizes (measured on MariaDB 10.11.19: Table_open_cache_hits + misses
	// grew by 606 a run with 303 tables while a second query ranked the
	// largest), so it is read once. The schema is returned as its bytes
	// (CAST … AS BINARY): TABLE_SCHEMA's collation is case-insensitive,
	// and with lower_case_table_names=0 `Shop` and `shop` are two
	// databases (review r11: grouped by TABLE_SCHEMA, shop read as 13
	// tables, its 12 and Shop's 1, and Shop not at all).
	qEngines query = "/* mytune */ SELECT /*+ MAX_EXECUTION_TIME(30000) */ CAST(TABLE_SCHEMA AS BINARY) AS db, TABLE_NAME," +
		" COALESCE(ENGINE, 'unknown'), COALESCE(DATA_LENGTH, 0), COALESCE(INDEX_LENGTH, 0)" +
		" FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE'" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
	// qEnginesMariaDB is qEngines bounded on a MariaDB 10.1.2+ server, which
	// ignores the hint: it stops there when mytune gives up on it.
	qEnginesMariaDB query = "/* mytune */ SET STATEMENT max_statement_time=30 FOR SELECT CAST(TABLE_SCHEMA AS BINARY) AS db, TABLE_NAME," +
		" COALESCE(ENGINE, 'unknown'), COALESCE(DATA_LENGTH, 0), COALESCE(INDEX_LENGTH, 0)" +
		" FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE'" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
	// qTableCount counts the user schemas' tables and views by name only,
	// which information_schema answers from the directory listing without
	// opening a table or reading its definition (measured on MariaDB
	// 10.11.19 with 10,004 tables: 0.019 s, Opened_tables and
	// Opened_table_definitions unchanged; review r55): whether the sizing
	// pass below may open every table (tablesQuery) or would empty
	// table_open_cache (manyTables).
	qTableCount query = "/* mytune */ SELECT COUNT(*) FROM information_schema.TABLES" +
		" WHERE TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
	// qTableEngines lists each user table's schema, name and engine, which
	// need only its definition (.frm), not an open table: on MariaDB
	// 10.11.19 with 10,004 tables 0.18 s and no table_open_cache entry
	// (Opened_tables unchanged, Opened_table_definitions +8,004; review
	// r55). Sent instead of qEngines on a server with more tables than
	// table_open_cache holds (manyTables).
	qTableEngines query = "/* mytune */ SELECT /*+ MAX_EXECUTION_TIME(30000) */ CAST(TABLE_SCHEMA AS BINARY) AS db, TABLE_NAME," +
		" COALESCE(ENGINE, 'unknown') FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE'" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
	// qTableEnginesMariaDB is qTableEngines bounded on MariaDB 10.1.2+.
	qTableEnginesMariaDB query = "/* mytune */ SET STATEMENT max_statement_time=30 FOR SELECT CAST(TABLE_SCHEMA AS BINARY) AS db, TABLE_NAME," +
		" COALESCE(ENGINE, 'unknown') FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE'" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
	// qInnoDBTableStats is each InnoDB table's persistent statistics: its
	// clustered index and other indexes in pages, the figures
	// information_schema.TABLES multiplies by innodb_page_size into
	// DATA_LENGTH and INDEX_LENGTH (MariaDB KB, "InnoDB Persistent
	// Statistics"; MySQL 8.4 manual, "Configuring Persistent Optimizer
	// Statistics Parameters"), read from one table without opening the
	// others (10,004 tables: 0.010 s, 4 table opens; review r55). A
	// partition's row is "table#P#p0". It needs SELECT on mysql.
	qInnoDBTableStats query = "/* mytune */ SELECT CAST(database_name AS BINARY), table_name, clustered_index_size," +
		" sum_of_other_index_sizes FROM mysql.innodb_table_stats" +
		" WHERE database_name NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
	// qTableSize sizes one table (schema and name bound as parameters):
	// information_schema opens only the table an equality on both names
	// points to (MariaDB KB, "Information Schema TABLES Table"; measured in
	// review r55: 1 Opened_tables). For the tables qInnoDBTableStats does
	// not size, at most nonInnoDBSizedMax.
	qTableSize query = "/* mytune */ SELECT COALESCE(DATA_LENGTH, 0), COALESCE(INDEX_LENGTH, 0) FROM information_schema.TABLES" +
		" WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
	// qRocksDBMemtables lists each MyRocks column family's memtable size and
	// count (information_schema.ROCKSDB_CF_OPTIONS, which the MyRocks plugin
	// adds; no privilege needed): each column family keeps up to
	// MAX_WRITE_BUFFER_NUMBER memtables of WRITE_BUFFER_SIZE (RocksDB wiki,
	// "Memory usage in RocksDB"). Sent only when rocksdb_block_cache_size
	// shows the plugin loaded.
	qRocksDBMemtables query = "/* mytune */ SELECT CF_NAME, OPTION_TYPE, VALUE FROM information_schema.ROCKSDB_CF_OPTIONS" +
		" WHERE OPTION_TYPE IN ('WRITE_BUFFER_SIZE', 'MAX_WRITE_BUFFER_NUMBER')"
	// qSystemTables counts the mysql schema's tables the account sees: an
	// account without SELECT on them sees none, and may see only part of
	// the user tables too.
	qSystemTables query = "/* mytune */ SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = 'mysql'"
	// qFilesMariaDB and qFilesMySQL8 sum the file-per-table tablespaces of
	// the user schemas (NAME is "schema/table", a partition's
	// "schema/table#P#p0"; the system, undo and temporary tablespaces have
	// no "/", MySQL 8's mysql.ibd is SPACE_TYPE General). The INNODB_*
	// tables need PROCESS. MySQL before 8.0 is not asked: its TABLES are
	// not cached (information_schema_stats_expiry is 8.0's).
	qFilesMariaDB query = "/* mytune */ SELECT COALESCE(SUM(FILE_SIZE), 0) FROM information_schema.INNODB_SYS_TABLESPACES" +
		" WHERE NAME LIKE '%/%' AND NAME NOT LIKE 'mysql/%' AND NAME NOT LIKE 'sys/%'"
	qFilesMySQL8 query = "/* mytune */ SELECT COALESCE(SUM(FILE_SIZE), 0) FROM information_schema.INNODB_TABLESPACES" +
		" WHERE SPACE_TYPE = 'Single' AND NAME NOT LIKE 'mysql/%' AND NAME NOT LIKE 'sys/%'"
	// qOutsideFilesMariaDB lists the InnoDB tablespaces whose file MariaDB
	// names by an absolute path (FILENAME, MariaDB 10.6.0+, MDEV-22343; a file in the
	// datadir is "./schema/table.ibd", measured on 10.11.19): tables created
	// with DATA DIRECTORY, undo tablespaces in innodb_undo_directory, ibdata
	// in innodb_data_home_dir. At most 200 (profile.MaxOutsideTablespaces).
	qOutsideFilesMariaDB query = "/* mytune */ SELECT NAME, FILENAME, COALESCE(FILE_SIZE, 0) FROM information_schema.INNODB_SYS_TABLESPACES" +
		" WHERE FILENAME LIKE '/%' ORDER BY FILENAME LIMIT 200"
	// qBacktickNames lists the databases, and the tables of other
	// databases, whose names hold a backtick: mydumper 0.10 cannot dump
	// them (advisor/threads/backtick.go). At most 20.
	qBacktickNames query = "/* mytune */ SELECT /*+ MAX_EXECUTION_TIME(30000) */ SCHEMA_NAME, '' FROM information_schema.SCHEMATA" +
		" WHERE INSTR(SCHEMA_NAME, '`') > 0" +
		" UNION ALL SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES" +
		" WHERE INSTR(TABLE_NAME, '`') > 0 AND INSTR(TABLE_SCHEMA, '`') = 0" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')" +
		" ORDER BY 1, 2 LIMIT 20"
	// qBacktickNamesMariaDB is qBacktickNames bounded on MariaDB 10.1.2+.
	qBacktickNamesMariaDB query = "/* mytune */ SET STATEMENT max_statement_time=30 FOR SELECT SCHEMA_NAME, '' FROM information_schema.SCHEMATA" +
		" WHERE INSTR(SCHEMA_NAME, '`') > 0" +
		" UNION ALL SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES" +
		" WHERE INSTR(TABLE_NAME, '`') > 0 AND INSTR(TABLE_SCHEMA, '`') = 0" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')" +
		" ORDER BY 1, 2 LIMIT 20"

	// qQuoteNames lists the databases, and the tables of other databases,
	// whose names hold a single quote: mydumper 0.10 exits 1 on them
	// (advisor/threads/quotenames.go). At most 20.
	qQuoteNames query = "/* mytune */ SELECT /*+ MAX_EXECUTION_TIME(30000) */ SCHEMA_NAME, '' FROM information_schema.SCHEMATA" +
		" WHERE INSTR(SCHEMA_NAME, '''') > 0" +
		" UNION ALL SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES" +
		" WHERE INSTR(TABLE_NAME, '''') > 0 AND INSTR(TABLE_SCHEMA, '''') = 0" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')" +
		" ORDER BY 1, 2 LIMIT 20"
	// qQuoteNamesMariaDB is qQuoteNames bounded on MariaDB 10.1.2+.
	qQuoteNamesMariaDB query = "/* mytune */ SET STATEMENT max_statement_time=30 FOR SELECT SCHEMA_NAME, '' FROM information_schema.SCHEMATA" +
		" WHERE INSTR(SCHEMA_NAME, '''') > 0" +
		" UNION ALL SELECT TABLE_SCHEMA, TABLE_NAME FROM information_schema.TABLES" +
		" WHERE INSTR(TABLE_NAME, '''') > 0 AND INSTR(TABLE_SCHEMA, '''') = 0" +
		" AND TABLE_SCHEMA NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')" +
		" ORDER BY 1, 2 LIMIT 20"

	// Replication: MariaDB 10.0+ lists every connection with SHOW ALL
	// SLAVES STATUS; MySQL 8.0.22+ renamed SHOW SLAVE STATUS to SHOW
	// REPLICA STATUS (MySQL 8.0.22 release notes; MariaDB KB "SHOW REPLICA STATUS").
	qAllSlaves   query = "/* mytune */ SHOW ALL SLAVES STATUS"
	qReplicaStat query = "/* mytune */ SHOW REPLICA STATUS"
	qSlaveStat   query = "/* mytune */ SHOW SLAVE STATUS"
	// qBinlogDumps counts MySQL's Binlog Dump threads (one a connected
	// replica) and the sessions of other users: without PROCESS an account
	// sees only its own user's (MySQL 8.4 manual, "The INFORMATION_SCHEMA
	// PROCESSLIST Table"), so 0 dumps and 0 others is "not known".
	qBinlogDumps query = "/* mytune */ SELECT COALESCE(SUM(COMMAND LIKE 'Binlog Dump%'), 0), " +
		"COALESCE(SUM(USER <> SUBSTRING_INDEX(CURRENT_USER(), '@', 1)), 0) FROM information_schema.PROCESSLIST"
	qSlavesStatus query = "/* mytune */ SHOW GLOBAL STATUS LIKE 'Slaves_connected'"
	// qDefinerExists asks whether mysql.user holds an account a dump's
	// objects run as (User, Host bound as parameters); it needs SELECT on
	// mysql.user (ERROR 1142 without it).
	qDefinerExists query = "/* mytune */ SELECT COUNT(*) FROM mysql.user WHERE User = ? AND Host = ?"

	// qCurrentUser and qShowGrants read the account mytune runs as and
	// what it may do (SHOW GRANTS of one's own account needs no privilege:
	// MariaDB KB, "SHOW GRANTS"): with --dump, which of the dump's views,
	// routines, triggers and events and which SET GLOBAL lines of the plan
	// the account may run (threads.AccountWarning, review r52).
	qCurrentUser query = "/* mytune */ SELECT CURRENT_USER()"
	qShowGrants  query = "/* mytune */ SHOW GRANTS"
	// qShowEngines lists the storage engines the server has loaded and
	// whether each can be used (Support YES or DEFAULT; MySQL 8.4 manual,
	// "SHOW ENGINES Statement"): a dump's table of an engine missing there
	// is not created as written (enginesAvailable). Sent only with a dump.
	qShowEngines query = "/* mytune */ SHOW ENGINES"
)

// qCharsetKnown asks whether the server knows the character set cs: one
// it lacks answers ERROR 1115 (charsetNames). cs is made of [a-z0-9_]
// only (reNameAsked), so it is written into the statement as it is.
func qCharsetKnown(cs string) query { return query("/* mytune */ SELECT CONVERT('' USING " + cs + ")") }

// qCollationKnown asks whether the server knows the collation coll of
// character set cs: one it lacks answers ERROR 1273 (charsetNames); both
// names are made of [a-z0-9_] only (reNameAsked).
func qCollationKnown(cs, coll string) query {
	return query("/* mytune */ SELECT CONVERT('' USING " + cs + ") COLLATE " + coll)
}

// sessionSet is a session setting Open makes, on behalf of a writer
// (calibrate), on every new connection of its pool before the pool hands
// it out (sessionConnector). Sent by mytune, tagged, instead of as the
// driver's DSN parameters: the driver sends those untagged ("SET
// sql_log_bin = 0, autocommit = 1" in MariaDB 10.11's general log, review
// r20). Each lasts for its session only.
type sessionSet string

const (
	qSkipBinlog sessionSet = "/* mytune */ SET SESSION sql_log_bin = 0"
	qSkipWsrep  sessionSet = "/* mytune */ SET SESSION wsrep_on = 0"
	qAutocommit sessionSet = "/* mytune */ SET SESSION autocommit = 1"
)
