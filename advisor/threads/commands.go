package threads

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mytune/mytune/profile"
)

// MydumperRows is the --rows chunk size: MySQL Shell's bytesPerChunk
// default (64M) at the ~190 bytes per row measured for sysbench tables here
// (1M rows dumped to 190 MB with mydumper 0.10).
const MydumperRows = 350000

// ShellBytesPerChunk is MySQL Shell's bytesPerChunk default (MySQL Shell
// manual, "Instance Dump Utility": bytesPerChunk, default 64M).
const ShellBytesPerChunk = "64M"

// QueriesPerTransaction is myloader's default batch (myloader --help: 1000).
const QueriesPerTransaction = 1000

// Placeholders for the directories of the commands. NewDumpDir is where a
// new dump is written: never the --dump directory, which is the dump being
// restored.
const (
	PlaceholderDumpDir = "/path/to/dump"
	NewDumpDir         = "/path/to/new-dump"
)

// noShellNote says, once, why a MariaDB target gets no mysqlsh lines: MySQL
// Shell's dump, load and copy utilities document MySQL sources only (MySQL
// Shell manual: 5.7.9 and 8.0.11 or newer), not MariaDB.
const noShellNote = "no mysqlsh lines: MySQL Shell's dump, load and copy utilities support MySQL (5.7.9 and 8.0.11 or newer), not MariaDB"

// dirs are the directories the commands name: dump is where new dumps go,
// load the dump restored, format that dump's format ("" when none given).
type dirs struct {
	dump, load, format, compression string
	// intoDB is the database a mysqldump file that selects none must be
	// loaded into ("" when the file selects its own).
	intoDB string
	// skipBinlog is true when the target writes a binary log the load
	// should skip: the mysql client line then sets it (InitSkipBinlog).
	skipBinlog bool
	// noHeader: a mysqldump file without mysqldump's session header
	// (Dump.NoSessionHeader); largestLine its longest line.
	noHeader    bool
	largestLine uint64
	// stripSandbox: the file's first line is mariadb-dump's sandbox line
	// and the target is MySQL, whose client stops at it (crossFlavorNotes).
	stripSandbox bool
	// enableBinlog is true when replicas read the target's binary log:
	// the myloader line then writes it (--enable-binlog), as does loadDump.
	enableBinlog bool
	// ifNotExists is true when the target takes ALTER TABLE … ADD KEY IF
	// NOT EXISTS (MariaDB): the deferrals' ALTER line then uses it.
	ifNotExists bool
	// drops is true when the mysqldump file drops the tables it loads.
	drops bool
	// dropsDBs are the databases the mysqldump file drops whole.
	dropsDBs []string
	// uncreated are the databases the mysqldump file selects but never
	// creates (--no-create-db).
	uncreated []string
	// system are the server's own schemas the dump holds; routines the
	// system tables holding its stored routines and events as rows.
	system, routines []string
	// routineSchemas are the user schemas whose routines and events are
	// only those rows (none known: the rows were not read).
	routineSchemas []string
	// traps are the names myloader 0.10 reads wrong.
	traps []profile.DumpLoaderTrap
	// loadData is true for a mydumper --load-data dump (.dat rows).
	loadData bool
	// replication are the replication statements the mysqldump file runs.
	replication []string
	// oldMySQL: a MySQL or Percona target MySQL Shell does not load into
	// (shellTools).
	oldMySQL bool
	// fulltext is what the load does with the FULLTEXT indexes: added
	// after the rows when deferred (fulltextDeferral).
	fulltext ftDeferral
	// keys is what the load does with the plain secondary indexes: some
	// tables' added after the rows when deferred (keyPlan).
	keys keyDeferral
	// alterSession is the SET SESSION sql_mode the deferrals' ALTER line
	// runs first ("" for none: alterSessionMode).
	alterSession string
	// binary are the tables whose schema file's SET NAMES binary the
	// target would create otherwise (binaryNamesLines); wrapNames is set
	// when a mysqldump file's load runs through namesWrapProgram.
	binary    []profile.DumpBinaryNames
	wrapNames bool
	// utf8Client is set for a UTF-8 mysqldump file that sets no character
	// set: its client line names utf8mb4 (noNamesNote).
	utf8Client bool
	// qpt is myloader's --queries-per-transaction (0: the default,
	// QueriesPerTransaction; fewer on a Galera node whose write-set
	// limits the default's transactions exceed: galeraQueriesPerTransaction).
	qpt int
}

// dirsOf picks the directories: with --dump the load side restores it and
// the dump side writes to NewDumpDir; without, both use one placeholder.
func dirsOf(d *profile.Dump) dirs {
	if d == nil {
		return dirs{dump: PlaceholderDumpDir, load: PlaceholderDumpDir}
	}
	dd := dirs{dump: NewDumpDir, load: d.Path, format: d.Format, compression: d.Compression, drops: d.DropsTables, dropsDBs: d.DropsDatabases,
		noHeader: d.NoSessionHeader, largestLine: d.LargestLineBytes,
		system: d.SystemSchemas, routines: d.SystemRoutineTables, uncreated: d.UncreatedDatabases,
		routineSchemas: d.RoutineSchemas, traps: d.LoaderTraps, loadData: d.LoadData, replication: d.ReplicationStatements, binary: d.BinaryNames, wrapNames: namesWrapped(d),
		utf8Client: d.NoSetNamesUTF8}
	if d.NoUseStatement {
		dd.intoDB = cmp.Or(d.HeaderDatabase, PlaceholderDatabase)
	}
	return dd
}

// PlaceholderDatabase is the database a mysqldump file that selects none
// and whose header names none is loaded into.
const PlaceholderDatabase = "DATABASE"

// commands builds the ready-to-run lines for the task, and notes on them.
// Every path is quoted for a POSIX shell (and for the JavaScript string
// inside mysqlsh -e), so the lines run as printed.
func commands(p *profile.Profile, o Options, plan Plan) ([]string, []string) {
	dd := dirsOf(p.Dump)
	mysqlTarget := shellTools(targetOf(p, o))
	var cmds, notes []string
	want := func(t string) bool { return o.Task == TaskAll || o.Task == t }
	if want(TaskDump) {
		if mysqlTarget {
			cmds = append(cmds, mysqlsh("USER@SOURCE:3306", fmt.Sprintf(`util.dumpInstance(%s, {threads: %d, bytesPerChunk: "%s", compression: "zstd"})`,
				jsString(dd.dump), plan.Dump.Threads, ShellBytesPerChunk)))
		}
		cmds = append(cmds, mydumperLine(plan.Dump.Threads, dd.dump, mydumperRegex(p)))
		notes = append(notes, mydumperNote, systemSchemasNote)
		notes = appendNonEmpty(notes, backtickSourceNote(p), quoteSourceNote(p), dumpSpaceNote(sourceServer(p)), dumpLiveNote(sourceServer(p)))
	}
	if want(TaskLoad) {
		dd.skipBinlog = binlogState(p, o) == BinlogOn
		dd.qpt = galeraQueriesPerTransaction(p, o)
		dd.stripSandbox = p.Dump != nil && p.Dump.SandboxLine && mysqlFlavor(targetOf(p, o))
		if targetOf(p, o).IsMariaDB() { // MySQL's GTID_PURGED fails there: a warning, not this note (crossFlavorWarnings)
			dd.replication = slices.DeleteFunc(slices.Clone(dd.replication), func(st string) bool { return strings.Contains(strings.ToUpper(st), "GTID_PURGED") })
		}
		if replicating(p, o) {
			dd.skipBinlog, dd.enableBinlog = false, true // Size warns why (replicatingNote)
		}
		dd.oldMySQL = mysqlTools(targetOf(p, o)) && !mysqlTarget
		dd.fulltext, dd.keys, dd.ifNotExists = fulltextOf(p, o), plan.keys, targetOf(p, o).IsMariaDB()
		dd.alterSession = alterSessionMode(p, o, dd.keys, dd.fulltext)
		lc, ln := loadCommands(dd, mysqlTarget, plan.Load.Threads)
		cmds, notes = append(cmds, lc...), append(notes, ln...)
		notes = append(appendNonEmpty(notes, sandboxNote(p.Dump, targetOf(p, o))), ZeroDateNotes(p, o)...)
		if _, n := onTarget(p, o); n != "" {
			notes = append(notes, n)
		}
	}
	if want(TaskCopy) {
		if mysqlTarget {
			cmds = append(cmds, mysqlsh("USER@SOURCE:3306", fmt.Sprintf(`util.copyInstance("USER@TARGET:3306", {threads: %d})`, plan.Copy.Threads)))
			notes = append(notes, "util.copyInstance needs MySQL Shell 8.1 or newer")
		} else if o.Task == TaskCopy { // --task all prints the dump and load lines already
			cc, cn := mydumperCopy(dd.dump, plan.Copy.Threads, mydumperRegex(p))
			cn = appendNonEmpty(cn, backtickSourceNote(p), quoteSourceNote(p))
			cmds, notes = append(cmds, cc...), append(notes, cn...)
		}
	}
	if !mysqlTarget && o.Task != TaskOLTP {
		note := noShellNoteFor(targetOf(p, o))
		if want(TaskCopy) {
			note += ": copy with mydumper then myloader at " + threadCount(plan.Copy.Threads)
		}
		notes = append(notes, note)
	}
	if cmds == nil {
		cmds = []string{} // the advice contract has "commands": [] when there are none
	}
	return cmds, notes
}

// mydumperLine dumps SOURCE into dir with mydumper at threads threads,
// without the system schemas (SkipSystemSchemas).
func mydumperLine(threads int, dir, regex string) string {
	return glibCharset(fmt.Sprintf("mydumper --host SOURCE --user USER --ask-password --threads %d --rows %d --compress --triggers --events --routines --regex %s --outputdir %s",
		threads, MydumperRows, shQuote(regex), shQuote(dir)))
}

// mydumperNote says which mydumper/myloader the printed flags are for.
const mydumperNote = "mydumper/myloader flags are those of 0.10 (Debian 12), --compress writes gzip; newer releases also take --compress ZSTD and --rows MIN:START:MAX; " +
	"--triggers --events --routines: without them mydumper 0.10 leaves the triggers, events and stored routines out of the dump; " +
	"the dumping account needs RELOAD (mydumper 0.10 takes FLUSH TABLES WITH READ LOCK for one consistent snapshot: without it, " +
	"\"Couldn't acquire global lock, snapshots will not be consistent\" and exit 1) and, on every schema dumped, SELECT, EVENT " +
	"(--events: without it \"Access denied … to database\" and exit 1), TRIGGER and SHOW VIEW (without TRIGGER mydumper 0.10 " +
	"leaves the triggers out and still exits 0)"

// mydumperCopy is a copy without MySQL Shell (a MariaDB target): mydumper
// dumps SOURCE into dir, then myloader loads that dump into TARGET, both at
// the copy's threads (QA: --task copy named these lines in its notes but
// printed none).
func mydumperCopy(dir string, threads int, regex string) ([]string, []string) {
	lc, ln := loadCommands(dirs{dump: dir, load: dir}, false, threads)
	return append([]string{mydumperLine(threads, dir, regex)}, lc...), append([]string{mydumperNote, systemSchemasNote}, ln...)
}

// loadCommands gives the restore lines that fit the dump's format, and a
// note when the dump cannot be loaded into the target with its own tool.
func loadCommands(dd dirs, mysqlTarget bool, threads int) ([]string, []string) {
	shell := mysqlsh("USER@TARGET:3306", fmt.Sprintf(`util.loadDump(%s, {threads: %d, deferTableIndexes: "all", skipBinlog: %t})`,
		jsString(dd.load), threads, !dd.enableBinlog))
	myloader := myloaderLine(threads, dd.load, dd.qpt, dd.enableBinlog)
	switch dd.format {
	case "mysqlsh":
		if dd.oldMySQL {
			return nil, []string{"no load command: MySQL Shell loads a dump only into MySQL 5.7 or newer (\"Loading dumps is only supported in MySQL 5.7 or newer\"); dump the source again with mydumper (or mysqldump) and load that"}
		}
		if !mysqlTarget {
			return nil, []string{"no load command: a MySQL Shell dump cannot be loaded into MariaDB; dump the source again with mydumper (or mariadb-dump) and load that"}
		}
		if !utf8.ValidString(dd.load) {
			return shellLoadByLink(dd, threads)
		}
		return []string{shell}, nil
	case "mydumper":
		var lines, notes []string
		dir := dd.load
		if dd.deferring() {
			var link string
			link, dir = noFulltextLines(dd)
			lines, notes = []string{link}, deferralNotes(dd, dir)
			if len(dd.system) > 0 {
				notes = append(notes, systemSchemasLoadNote(dd, dir))
			}
			myloader = myloaderLine(threads, dir, dd.qpt, dd.enableBinlog)
		} else if len(dd.system) > 0 {
			var link string
			link, dir = userSchemasLines(dd)
			lines, notes = []string{link}, []string{systemSchemasLoadNote(dd, dir)}
			myloader = myloaderLine(threads, dir, dd.qpt, dd.enableBinlog)
		}
		lines = append(binaryNamesLines(dd), lines...)
		if !utf8.ValidString(dir) {
			lines, notes = append(lines, "ln -sfn -- "+shQuote(dir)+" "+ShellLinkDir), append(notes, loaderLinkNote)
			myloader = myloaderLine(threads, ShellLinkDir, dd.qpt, dd.enableBinlog)
		}
		notes = append(appendNonEmpty(append(notes, loaderTrapNotes(dd)...), fulltextKeptNote(dd.fulltext), keyKeptNote(dd.keys)), noOverwriteNote)
		if dd.compression == "zstd" {
			notes = append(notes, zstdLoaderNote)
		}
		if dd.loadData {
			notes = append(notes, loadDataLoaderNote)
		}
		lines = append(lines, myloader)
		if dd.deferring() {
			lines = append(lines, fulltextAlterLine(dd, dd.fulltext))
		}
		return lines, notes
	case "mysqldump":
		return mysqldumpLoad(dd)
	}
	if mysqlTarget {
		return []string{shell, myloader}, []string{noOverwriteNote}
	}
	return []string{myloader}, []string{noOverwriteNote}
}

// SkipSystemSchemas is mydumper's --regex (PCRE, matched against
// "db.table") that leaves out the server's own schemas: without it the
// dump holds mysql.* and sys.*, which every target already has, so the
// load fails on them (seen here with mydumper/myloader 0.10 on MariaDB
// 10.11), and with --overwrite-tables it would replace the target's
// accounts. The mydumper README uses the same negative look-ahead form.
const SkipSystemSchemas = `^(?!(mysql|sys|performance_schema|information_schema)\.)`

// systemSchemasNote says what the --regex leaves out and how to copy it.
const systemSchemasNote = "mydumper leaves out the system schemas (mysql, sys, performance_schema, information_schema) so the load does not collide with the target's own: copy accounts and grants separately (SHOW CREATE USER and SHOW GRANTS on the source)"

// noOverwriteNote says why the myloader line has no --overwrite-tables (a
// pasted line must not drop what the target holds; myloader --help: "-o,
// --overwrite-tables  Drop tables if they already exist") and what a table
// that exists does instead: myloader 0.10 fails its CREATE and the chunks
// whose keys collide, loads the others into the old table and exits 1
// (25,000 rows a table already there: chunk 00000 "Duplicate entry", 00001-
// 00003 appended), leaving old and new rows mixed.
const noOverwriteNote = "myloader runs without --overwrite-tables, so it drops nothing; but a table that already exists on TARGET " +
	"is not left alone: myloader 0.10 reports errors for it and still loads the chunks whose keys do not collide, mixing old and new rows " +
	"(exit 1). Check first that none of the dump's tables exist on TARGET (SHOW TABLES), or add --overwrite-tables to DROP each such table and its rows on purpose"

// zstdLoaderNote warns that a zstd mydumper dump needs a myloader that
// reads zstd: myloader 0.10 (Debian 12) reads gzip only, and a myloader
// that cannot read a file's compression skips it and still finishes
// (mydumper issue #1128), leaving the tables empty; 0.15 reads both
// through external gzip and zstd commands (mydumper pull request #1152).
const zstdLoaderNote = "this dump's data files are zstd-compressed (.zst): myloader 0.10 (Debian 12) reads gzip only and would skip them, finishing with empty tables; run the line with myloader 0.15 or newer (`myloader --version`), which reads zstd"

// loadDataLoaderNote warns that a mydumper --load-data dump needs the
// myloader of its own release: myloader 0.10 (Debian 12) runs the .sql
// files' LOAD DATA LOCAL INFILE 'db.t.00000.dat' without finding the file
// (QA9, md17 into MariaDB 10.11: "File 'shop.items.00000.dat' not found",
// exit 1), and a MySQL target must allow LOAD DATA LOCAL.
const loadDataLoaderNote = "this dump was written with mydumper --load-data (rows in .dat files, loaded by LOAD DATA LOCAL INFILE " +
	"statements in the .sql files of the same name): myloader 0.10 (Debian 12) fails on them (\"File 'db.t.00000.dat' not found\", exit 1), " +
	"so run the line with the myloader of the release that wrote the dump (`myloader --version`, `mydumper --version` on the source); " +
	"on a MySQL target, LOAD DATA LOCAL also needs local_infile ON (the during-load setting offered with it)"

// InitSkipBinlog is the mysql client option that has the loading session
// skip the binary log: a mysqldump file loads through one client session,
// which no separate SET can reach (a pasted SET SESSION sql_log_bin = 0 in
// another session left a 79 MB binary log after the load). It needs SUPER
// (or BINLOG ADMIN on MariaDB, SYSTEM_VARIABLES_ADMIN on MySQL 8).
const InitSkipBinlog = "--init-command='SET SESSION sql_log_bin=0'"

// mysqldumpLoad is the mysql client line for a mysqldump file: into
// dd.intoDB (created first) when the file selects no database, its
// session skipping the binary log when dd.skipBinlog; with a note for the
// first, and one on the existing tables the file replaces.
func mysqldumpLoad(dd dirs) ([]string, []string) {
	lines, notes := []string{fileLoad(dd)}, []string(nil)
	if slices.Contains(dd.system, "mysql") {
		notes = append(notes, mysqlSchemaLoadNote)
	}
	if len(dd.dropsDBs) > 0 {
		notes = append(notes, dropsDatabasesNote(dd.dropsDBs))
	}
	if dd.drops {
		notes = append(notes, mysqldumpReplacesNote)
	}
	if len(dd.replication) > 0 {
		notes = append(notes, replicationStatementsNote(dd.replication))
	}
	if dd.intoDB != "" {
		lines = intoDatabaseLoad(dd)
		notes = append(notes, fmt.Sprintf("the file selects no database (dumped without --databases): "+
			"the lines create %s if it is missing and load into it; name another database in each line that names it to load elsewhere", dd.intoDB))
	} else if len(dd.uncreated) > 0 {
		lines = append([]string{createDatabasesLine(dd.uncreated)}, lines...)
		notes = append(notes, fmt.Sprintf("the file selects %s (USE) without creating it (dumped with --no-create-db): "+
			"on a target without it the load fails (\"ERROR 1049 (42000): Unknown database\"), so the first line creates it if missing",
			map[bool]string{true: "database ", false: "each of the databases "}[len(dd.uncreated) == 1]+quotedNames(dd.uncreated)))
	}
	if flags := mysqlSessionFlags(dd); flags != "" {
		last := len(lines) - 1
		lines[last] = strings.Replace(lines[last], mysqlClient, mysqlClient+" "+flags, 1)
	}
	if dd.noHeader {
		notes = append(notes, noHeaderNote)
	}
	if dd.utf8Client {
		notes = append(notes, noNamesNote)
	}
	if dd.deferring() {
		lines, notes = append(lines, fulltextAlterLine(dd, dd.fulltext)), append(notes, deferralNotes(dd, "")...)
	}
	notes = appendNonEmpty(notes, fulltextKeptNote(dd.fulltext), keyKeptNote(dd.keys))
	return lines, notes
}

// fileLoad is the mysql line of a mysqldump file: without the sandbox
// line when dd.stripSandbox, without its FULLTEXT keys when deferred.
func fileLoad(dd dirs) string {
	line := sandboxed(mysqlClientLoad(dd.load, dd.compression), dd)
	if dd.deferring() {
		line = fulltextPiped(line, dd)
	}
	if dd.wrapNames {
		line = piped(line, "perl -ne "+shQuote(namesWrapProgram))
	}
	return line
}

// mysqldumpSchemaLoadNote warns that a mysqldump file holding the mysql
// schema (mysqldump --all-databases) replaces the target's accounts: its
// tables are dropped and created again with the source's rows (QA: an
// account made on the target could not log in after the load and the
// restart, mysql.global_priv held the source's rows only).
const mysqlSchemaLoadNote = "this file holds the mysql schema (dumped with --all-databases): loading it replaces TARGET's " +
	"accounts, grants and other server tables with the source's (DROP TABLE IF EXISTS, then the source's rows), and accounts made on " +
	"TARGET stop working once it reloads them (a restart, FLUSH PRIVILEGES); load it only into a new server meant to become the " +
	"source's copy, or dump the user databases again with --databases DB … and load that"

// replicationStatementsNote warns that the file's replication statements
// (profile.Dump.ReplicationStatements) run with the printed mysql line:
// QA 17's line into a running replica stopped at "ERROR 1198 (HY000) at
// line 18" (the replica must be stopped), and into the primary it set
// gtid_slave_pos without a word.
func replicationStatementsNote(stmts []string) string {
	return "this file runs " + strings.Join(stmts, "; ") + " (dumped with --master-data/--gtid, --source-data or " +
		"--set-gtid-purged), and the mysql line runs them too: on a running replica the load stops there (ERROR 1198), on any " +
		"other server they set its replication position or GTID state as for a replica of the dumped server. Unless TARGET is " +
		"being made such a replica, take those lines out first (or dump again without those options)"
}

// mysqldumpReplacesNote warns that a mysqldump file drops what it loads:
// mysqldump and mariadb-dump write DROP TABLE IF EXISTS before each CREATE
// TABLE unless --skip-add-drop-table (their --add-drop-table is on by
// default), so a table of the same name on the target loses its rows (a
// row added to the target's copy was gone after the load).
const mysqldumpReplacesNote = "this file drops each table it loads first (DROP TABLE IF EXISTS, mysqldump's default --add-drop-table): " +
	"a table of the same name on TARGET loses its rows; check for them (SHOW TABLES) or load into another database"

// dropsDatabasesNote warns that a mysqldump file dumped with
// --add-drop-database drops each database before creating it: every table
// of that database on the target goes, those the dump does not hold too
// (QA: a table only the target had was gone after the load).
func dropsDatabasesNote(dbs []string) string {
	return fmt.Sprintf("this file drops %s whole before loading (DROP DATABASE IF EXISTS, mysqldump --add-drop-database): "+
		"every table of %s on TARGET is lost, those the dump does not hold too; load it only into a target where that is meant, "+
		"or take the DROP DATABASE lines out first", count(len(dbs), "database")+" ("+quotedNames(dbs)+")",
		map[bool]string{true: "it", false: "them"}[len(dbs) == 1])
}

// intoDatabaseLoad restores a mysqldump file that selects no database
// into dd.intoDB: without one every statement fails ("ERROR 1046
// (3D000): No database selected"), so the database is created (if
// missing) and named to the client.
func intoDatabaseLoad(dd dirs) []string {
	create := "CREATE DATABASE IF NOT EXISTS `" + strings.ReplaceAll(dd.intoDB, "`", "``") + "`"
	load := fileLoad(dd)
	db := shQuote(dd.intoDB)
	if strings.HasPrefix(dd.intoDB, "-") { // as a bare word the client would read it as options
		db = "--database=" + db
	}
	load = strings.Replace(load, mysqlClient, mysqlClient+" "+db, 1)
	return []string{mysqlClient + " -e " + shQuote(create), load}
}

// createDatabasesLine creates each of dbs on the target unless it exists
// (MariaDB KB and MySQL manual, CREATE DATABASE: IF NOT EXISTS).
func createDatabasesLine(dbs []string) string {
	stmts := make([]string, len(dbs))
	for i, db := range dbs {
		stmts[i] = "CREATE DATABASE IF NOT EXISTS `" + strings.ReplaceAll(db, "`", "``") + "`"
	}
	return mysqlClient + " -e " + shQuote(strings.Join(stmts, "; "))
}

// quotedNames is names back-quoted and comma-separated.
func quotedNames(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "`" + strings.ReplaceAll(n, "`", "``") + "`"
	}
	return strings.Join(quoted, ", ")
}

// mysqlClient is the client and its connection placeholders in the
// printed lines.
const mysqlClient = "mysql --host TARGET --user USER -p"

// mysqlClientLoad restores a single mysqldump file through the mysql
// client, decompressing a .gz or .zst file on the way (the client reads
// plain SQL only).
func mysqlClientLoad(file, compression string) string {
	const client = mysqlClient
	switch compression {
	case "gzip":
		return fmt.Sprintf("gunzip -c %s | %s", shQuote(file), client)
	case "zstd":
		return fmt.Sprintf("zstd -dc %s | %s", shQuote(file), client)
	}
	return fmt.Sprintf("%s < %s", client, shQuote(file))
}

// mysqlsh is a mysqlsh line running the JavaScript js against uri.
func mysqlsh(uri, js string) string {
	return fmt.Sprintf("mysqlsh %s --js -e %s", uri, shQuote(js))
}
