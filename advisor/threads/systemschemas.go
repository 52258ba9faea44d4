package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// UserSchemasSuffix names the directory of links the load of a mydumper
// dump holding the server's own schemas reads instead of the dump:
// DIR.user-schemas beside DIR.
const UserSchemasSuffix = ".user-schemas"

// userSchemasLines link every file of the dump directory but those of the
// server's own schemas (mydumper names them schema.table… and
// schema-schema-create…) into DIR.user-schemas, and return it: myloader
// 0.10 has no --regex to leave them out, and loading them fails on every
// target ("Table 'help_keyword' already exists", QA on MariaDB 10.11: exit
// 1 with 138 errors) or, with --overwrite-tables, replaces its accounts.
// The dump stays as it is; myloader follows the links (mytune's restore
// test, probe/dump/testdata/mydumper-0.10-links).
func userSchemasLines(dd dirs) (line, dir string) {
	dir = strings.TrimRight(dd.load, "/") + UserSchemasSuffix
	return linkLine(dd, dir), dir
}

// linkLine links every file of the dump directory but those of the
// server's own schemas (dd.system) into dir, made if missing.
func linkLine(dd dirs, dir string) string {
	skip := []string{""}
	for _, s := range dd.system {
		skip = append(skip, "! -name "+shQuote(s+".*"), "! -name "+shQuote(s+"-schema-*"))
	}
	return fmt.Sprintf("mkdir -p %s && find %s -maxdepth 1 -xtype f%s -exec ln -sf -t %s {} +",
		shQuote(dir), shQuote(dd.load), strings.Join(skip, " "), shQuote(dir))
}

// systemSchemasLoadNote says why the load reads DIR.user-schemas, and
// what of the user schemas stays behind with mysql.*: stored routines and
// events dumped as rows of mysql.proc and mysql.event (QA: a restore
// followed as printed had 0 of the source's 2 routines).
func systemSchemasLoadNote(dd dirs, dir string) string {
	s := fmt.Sprintf("the dump holds the server's own schemas (%s), which every target has: loading them fails "+
		"(\"Table … already exists\") or, with --overwrite-tables, replaces the target's accounts; the first line links every other "+
		"file into %s and myloader loads that, leaving the dump as it is (remove the directory after); copy accounts and grants "+
		"separately (SHOW CREATE USER and SHOW GRANTS on the source)", strings.Join(dd.system, ", "), dir)
	if len(dd.routines) > 0 {
		whose, dbs := "the stored routines and events", "DB …"
		if len(dd.routineSchemas) > 0 {
			whose = "the stored routines and events of " + quotedNames(dd.routineSchemas)
			dbs = strings.Join(dd.routineSchemas, " ")
		}
		s += fmt.Sprintf("; %s are in this dump only as rows of %s (no -schema-post.sql file holds them: dumped without --routines/--events), "+
			"so they stay behind too: dump them from the source with mariadb-dump --no-data --no-create-info --skip-triggers "+
			"--routines --events --databases %s (or mydumper -R -E) and load that", whose, strings.Join(dd.routines, " and "), dbs)
	}
	return s
}

// loadedDump is the profile with the dump as the printed load takes it:
// a mydumper dump's system schemas are left out by the link line
// (userSchemasLines), so their tables, chunks and bytes are left out of
// the threads and the estimate too (QA: 27 mysql.* tables of 36 put the
// printed range above every measured load of the other 9).
func loadedDump(p *profile.Profile) *profile.Profile {
	d := p.Dump
	if d == nil || d.Format != "mydumper" || d.SystemTables == 0 || d.SystemTables >= d.Tables {
		return p
	}
	dd := *d
	dd.Tables, dd.Chunks = d.Tables-d.SystemTables, max(d.Chunks-d.SystemChunks, 1)
	if d.TotalBytes > d.SystemBytes {
		dd.TotalBytes = d.TotalBytes - d.SystemBytes
	}
	dd.SystemTables, dd.SystemChunks, dd.SystemBytes = 0, 0, 0
	cp := *p
	cp.Dump = &dd
	return &cp
}

// nonInnoDBSettleNote says, when the dump has tables in other engines and
// a settled time is given, that it counts InnoDB's pages only: MyISAM
// writes its rows through the operating system's page cache (and its
// index blocks through its key cache), Aria through its page cache, so a
// clean shutdown may leave them in the OS cache, which writes them back on
// its own (vm.dirty_expire_centisecs, 30 s by default: the kernel's
// Documentation/admin-guide/sysctl/vm.rst). FLUSH TABLES writes the
// engines' caches; sync waits for the OS's.
func nonInnoDBSettleNote(d *profile.Dump, settled DurationRange) string {
	if d == nil || settled.IsZero() {
		return ""
	}
	tables, bytes, names := d.NonInnoDB()
	if tables == 0 {
		return ""
	}
	return fmt.Sprintf("settled counts InnoDB's pages only: the %s (%s of the dump) are written through their own caches and the "+
		"operating system's page cache, which writes them back on its own; FLUSH TABLES, then sync on the server's machine, "+
		"waits for them", count(tables, strings.Join(names, ", ")+" table"), profile.HumanBytes(bytes))
}

// mysqlEngines are the storage engines MySQL 8.4 has (MySQL 8.4 manual,
// "Alternative Storage Engines"); Percona Server adds MyRocks (ROCKSDB).
var mysqlEngines = map[string]bool{"InnoDB": true, "MyISAM": true, "MEMORY": true, "CSV": true, "ARCHIVE": true,
	"BLACKHOLE": true, "MRG_MyISAM": true, "FEDERATED": true, "ndbcluster": true, profile.DumpEngineUnknown: true}

// foreignEngineNote says, for a MySQL or Percona target, which of the
// dump's tables use an engine it does not have (Aria, MariaDB's): with
// NO_ENGINE_SUBSTITUTION (in MySQL's default sql_mode) their CREATE TABLE
// fails; a mysqldump file sets its own sql_mode without it, so there they
// become the default engine with a warning (MySQL 8.4 manual,
// "NO_ENGINE_SUBSTITUTION"). "" otherwise.
func foreignEngineNote(t profile.Target, d *profile.Dump) string {
	if d == nil || t.Flavor == "" || t.IsMariaDB() {
		return ""
	}
	var names []string
	tables := 0
	for _, e := range d.Engines {
		if !mysqlEngines[e.Name] && !(t.Flavor == profile.FlavorPercona && e.Name == "ROCKSDB") {
			names, tables = append(names, e.Name), tables+e.Tables
		}
	}
	if tables == 0 {
		return ""
	}
	return fmt.Sprintf("%s use %s, which %s does not have: with NO_ENGINE_SUBSTITUTION (in its default sql_mode) their CREATE "+
		"TABLE fails (\"Unknown storage engine\"), and a mysqldump file, which sets its own sql_mode without it, makes them "+
		"InnoDB with a warning; change their ENGINE= in the dump's CREATE TABLE to the engine you want first",
		count(tables, "table"), strings.Join(names, ", "), profile.FlavorName(t.Flavor))
}
