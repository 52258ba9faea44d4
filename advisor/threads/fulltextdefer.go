package threads

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// NoFulltextSuffix names the directory of links a mydumper dump with
// FULLTEXT tables is loaded from: DIR.nofulltext beside DIR, its
// -schema.sql files rewritten without their FULLTEXT keys.
const NoFulltextSuffix = ".nofulltext"

// fulltextFilter is the perl program that drops a CREATE TABLE's
// FULLTEXT key lines and, when the dropped line was the last definition
// (no trailing comma), the comma ending the line before; one line held
// back, so it streams in O(1) memory. With perl -i it writes each file
// anew, replacing a symlink by a file and leaving the file it led to as it
// was (checked live, review r63: sha256sum of the dump before and after).
// Lines between DELIMITER ;; and DELIMITER ; (routineGuard) are left as
// they are.
const fulltextFilter = routineGuard + `$c=1 if !$r && /^CREATE TABLE/; if ($c && /^\s*FULLTEXT (KEY|INDEX) /) { $h =~ s/,(\s*)$/$1/ if !/,\s*$/ } ` +
	`else { print $h; $h = $_ } $c=0 if /^\)/; if (eof) { print $h; $h = "" }`

// ftTable is one table whose FULLTEXT indexes are added after its rows.
type ftTable struct {
	schema, table string
	keys          []string
	// words is the index entries its rows give: rows × words per row.
	words float64
	// exact: a FULLTEXT table of the same name elsewhere keeps its
	// indexes inline, so the filter matches this one by its schema too.
	exact bool
}

// ftDeferral is what the load of a dump with FULLTEXT tables does with
// their indexes: tables when they are added after the load, else why
// they stay inline ("" when the dump has none); kept counts the FULLTEXT
// tables that keep them inline while others are deferred, keptWhy why.
type ftDeferral struct {
	tables  []ftTable
	words   float64
	why     string
	kept    int
	keptWhy string
}

// deferred reports whether the load leaves the FULLTEXT keys out.
func (f ftDeferral) deferred() bool { return len(f.tables) > 0 }

// set is the filter's set of the deferred tables: all of them when no
// FULLTEXT table keeps its indexes inline.
func (f ftDeferral) set() deferSet {
	if !f.deferred() {
		return deferSet{}
	}
	if f.kept == 0 {
		return deferSet{all: true}
	}
	names := make([]deferName, len(f.tables))
	for i, t := range f.tables {
		names[i] = deferName{t.schema, t.table, t.exact}
	}
	return setOf(names)
}

// fulltextDeferral decides which FULLTEXT tables of d get their indexes
// after the rows (see FulltextDeferNote for the measurements): for a
// mydumper dump with uncompressed schema files or a mysqldump file read
// to its end, each InnoDB FULLTEXT table with its keys read whose rows
// give FulltextDeferMinWords words or more a row and
// FulltextDeferMinTableWords or more in all; the others keep theirs
// inline; a deferred table whose name such a table has elsewhere is
// matched by its schema too (see keyDeferralOf).
func fulltextDeferral(d *profile.Dump) ftDeferral {
	if d == nil || len(d.FulltextTables) == 0 || d.Format == "mysqlsh" {
		return ftDeferral{} // MySQL Shell's loadDump defers them itself (deferTableIndexes)
	}
	switch {
	case d.Format == "mydumper" && d.Compression != "" && d.Compression != "none":
		return ftDeferral{why: "the dump's -schema.sql files are compressed (" + d.Compression + "), which the line that takes the keys out does not rewrite"}
	case d.Format == "mysqldump" && d.ScannedBytes > 0:
		return ftDeferral{why: "the file was read only in part, so the FULLTEXT keys of the tables past that part are not known"}
	case d.Format != "mydumper" && d.Format != "mysqldump":
		return ftDeferral{}
	}
	models := map[string]profile.DumpTableModel{}
	for _, m := range d.TableModels {
		models[m.Name] = m
	}
	var cands []ftTable
	var reasons []string
	keep := map[string]bool{}
	for _, name := range d.FulltextTables {
		schema, table := splitTableName(name, d.Databases)
		m, ok := models[name]
		if why := ftKeepReason(name, m, ok); why != "" {
			keep[table], reasons = true, append(reasons, why)
			continue
		}
		cands = append(cands, ftTable{schema: schema, table: table, keys: m.FulltextKeys, words: m.Rows() * m.FulltextWordsPerRow})
	}
	var out ftDeferral
	for _, t := range cands {
		t.exact = keep[t.table] // by its schema too, as keyDeferralOf's
		out.tables, out.words = append(out.tables, t), out.words+t.words
	}
	if !out.deferred() {
		out.why = firstReasons(reasons)
	} else if out.kept = len(d.FulltextTables) - len(out.tables); out.kept > 0 {
		out.keptWhy = firstReasons(reasons)
	}
	return out
}

// ftKeepReason is why table name (model m, ok when read) keeps its
// FULLTEXT indexes inline; "" when they can be added after the load.
func ftKeepReason(name string, m profile.DumpTableModel, ok bool) string {
	switch {
	case !ok || len(m.FulltextKeys) == 0 || len(m.FulltextKeys) != m.FulltextIndexes:
		return "the FULLTEXT keys of " + name + " were not read (no rows sampled)"
	case m.Engine != "" && m.Engine != "InnoDB":
		return name + " is " + m.Engine + ", whose FULLTEXT build after a load was not measured"
	case m.FulltextWordsPerRow < FulltextDeferMinWords:
		return fmt.Sprintf("the rows of %s give %.1f words to its FULLTEXT indexes, fewer than the %d from which adding them after the load was measured faster", name, m.FulltextWordsPerRow, FulltextDeferMinWords)
	}
	if words := m.Rows() * m.FulltextWordsPerRow; words < FulltextDeferMinTableWords {
		return fmt.Sprintf("%s gives its FULLTEXT indexes about %s words (%s rows × %.1f), fewer than the %s from which adding them after the load "+
			"was measured faster: each ALTER TABLE rebuilds its table, a cost that a small table does not earn back", name, human(words), human(m.Rows()), m.FulltextWordsPerRow, human(FulltextDeferMinTableWords))
	}
	return ""
}

// firstReasons is up to three reasons, and how many more.
func firstReasons(reasons []string) string {
	if len(reasons) <= 3 {
		return strings.Join(reasons, "; ")
	}
	return fmt.Sprintf("%s; and %d more", strings.Join(reasons[:3], "; "), len(reasons)-3)
}

// splitTableName splits "schema.table" at the longest of dbs that
// prefixes it (a database name may hold a dot), else at the first dot; a
// mysqldump file's tables that select no database have schema "".
func splitTableName(name string, dbs []string) (schema, table string) {
	best := -1
	for _, db := range dbs {
		if strings.HasPrefix(name, db+".") && len(db) > best {
			best = len(db)
		}
	}
	if best >= 0 {
		return name[:best], name[best+1:]
	}
	schema, table, _ = strings.Cut(name, ".")
	return schema, table
}

// withoutFulltext is the profile with the FULLTEXT work of f's tables
// taken out of their table models, as the load that leaves their keys out
// does it: the load estimate is made from it and the ALTER step added
// (withAlter). FULLTEXT tables kept inline keep theirs.
func withoutFulltext(p *profile.Profile, f ftDeferral) *profile.Profile {
	if p.Dump == nil {
		return p
	}
	out := map[string]bool{}
	for _, t := range f.tables {
		out[t.schema+"."+t.table] = true
	}
	d := *p.Dump
	d.TableModels = slices.Clone(d.TableModels)
	for i, m := range d.TableModels {
		if out[m.Name] {
			d.TableModels[i].FulltextIndexes, d.TableModels[i].FulltextWordsPerRow, d.TableModels[i].FulltextKeys = 0, 0, nil
		}
	}
	d.FulltextTables = slices.DeleteFunc(slices.Clone(d.FulltextTables), func(n string) bool { return out[n] })
	cp := *p
	cp.Dump = &d
	return &cp
}

// NoKeysSuffix names the directory of links a mydumper dump is loaded
// from when some tables' plain keys are added after the load: DIR.nokeys
// beside DIR (DIR.nofulltext when only FULLTEXT keys are).
const NoKeysSuffix = ".nokeys"

// deferredFilter is the perl program the load's lines run over the
// schema (deferredProgram): the FULLTEXT and plain keys deferred.
func deferredFilter(dd dirs) string {
	return deferredProgram(dd.fulltext.set(), dd.keys.set(), dd.format)
}

// noFulltextLines link the dump's files (but the system schemas', as
// userSchemasLines) into DIR.nofulltext (DIR.nokeys with plain keys
// deferred) and rewrite the links of the -schema.sql files without the
// deferred keys; the dump stays as it is.
func noFulltextLines(dd dirs) (line, dir string) {
	dir = strings.TrimRight(dd.load, "/") + NoFulltextSuffix
	if dd.keys.deferred() {
		dir = strings.TrimRight(dd.load, "/") + NoKeysSuffix
	}
	link := linkLine(dd, dir)
	return fmt.Sprintf("%s && find %s -maxdepth 1 -name '*-schema.sql' -exec perl -ni -e %s {} +",
		link, shQuote(dir), shQuote(deferredFilter(dd))), dir
}

// fulltextPiped puts the filter into a mysqldump file's load line, before
// the client: perl -ne … FILE | mysql …, or … | perl -ne … | mysql ….
func fulltextPiped(line string, dd dirs) string {
	return piped(line, "perl -ne "+shQuote(deferredFilter(dd)))
}

// piped puts filter in a mysql client load line's pipe, just before the
// client: "mysql … < FILE" becomes "filter FILE | mysql …".
func piped(line, filter string) string {
	if file, ok := strings.CutPrefix(line, mysqlClient+" < "); ok {
		return filter + " " + file + " | " + mysqlClient
	}
	i := strings.LastIndex(line, " | "+mysqlClient)
	if i < 0 {
		return line
	}
	return line[:i] + " | " + filter + line[i:]
}

// clientUTF8 makes the ALTER line's client send its statements as the
// UTF-8 they are (the dump's names and comments): the mariadb client's
// default-character-set is "auto", the locale's, and under LANG=C that is
// latin1, so a table named `ünï` was looked up as `Ã¼nÃ¯` ("ERROR 1146
// … doesn't exist") and the line stopped there (MariaDB 10.11.19, review
// r66, docs/benchmarks/live-server.md).
const clientUTF8 = "--default-character-set=utf8mb4"

// fulltextAlterLine adds the deferred keys back in one session: the
// FULLTEXT ones one ALTER TABLE per index (InnoDB builds one FULLTEXT index
// per ALTER TABLE), one table after another (see FulltextDeferNote for
// why not in parallel), then each table's plain keys in one ALTER TABLE
// (keyAlterStatement), after FULLTEXT's: a table's first FULLTEXT index
// rebuilds it, with whatever keys it has by then. A file that selects no
// database loads into dd.intoDB, which the client line names: its tables
// are named bare, not under the header's database (or "(no database)",
// the reader's name for none), which the file did not load into.
// dd.alterSession, when set, comes first: the target's sql_mode would
// refuse a zero-date DEFAULT of a table it alters (alterSessionMode).
func fulltextAlterLine(dd dirs, f ftDeferral) string {
	schema := func(s string) string {
		if dd.intoDB != "" {
			return ""
		}
		return s
	}
	var stmts []string
	if dd.alterSession != "" {
		stmts = append(stmts, dd.alterSession)
	}
	for _, t := range f.tables {
		for _, k := range t.keys {
			stmts = append(stmts, "ALTER TABLE "+quotedTable(schema(t.schema), t.table)+" ADD "+fulltextDef(k, dd.ifNotExists))
		}
	}
	for _, t := range dd.keys.tables {
		t.schema = schema(t.schema)
		stmts = append(stmts, keyAlterStatement(t))
	}
	client := mysqlClient
	if dd.skipBinlog {
		client += " " + InitSkipBinlog
	}
	if text := strings.Join(stmts, "; "); strings.IndexFunc(text, func(r rune) bool { return r > 0x7f }) >= 0 {
		client += " " + clientUTF8
	}
	if dd.intoDB != "" {
		db := shQuote(dd.intoDB)
		if strings.HasPrefix(dd.intoDB, "-") {
			db = "--database=" + db
		}
		client += " " + db
	}
	if !dd.ifNotExists {
		return alterForced(client, stmts)
	}
	return client + " -e " + shQuote(strings.Join(stmts, "; "))
}

// alterForced is the ALTER line for a target not known to take ADD … IF
// NOT EXISTS (MySQL, or none named): the statements go to the client on
// its standard input with --force, so that one that fails (ERROR 1061, a
// key the load kept or a line run twice) is reported and the tables after
// it still get their keys; mysql -e stops at the first error, --force or
// not (tried on MariaDB 10.11's client, session 57).
func alterForced(client string, stmts []string) string {
	quoted := make([]string, len(stmts))
	for i, s := range stmts {
		quoted[i] = shQuote(s)
	}
	return "printf '%s;\\n' " + strings.Join(quoted, " ") + " | " + client + " --force"
}

// fulltextDef is a FULLTEXT key as ALTER TABLE … ADD takes it: with IF
// NOT EXISTS after its KEY or INDEX word when ifNotExists and it has a
// name (MariaDB KB, "ALTER TABLE": ADD FULLTEXT [INDEX|KEY] [IF NOT
// EXISTS] name), as plainDefs does for plain keys.
func fulltextDef(def string, ifNotExists bool) string {
	for _, word := range []string{"FULLTEXT KEY ", "FULLTEXT INDEX "} {
		if rest, ok := strings.CutPrefix(def, word); ok && ifNotExists && strings.HasPrefix(rest, "`") {
			return word + "IF NOT EXISTS " + rest
		}
	}
	return def
}

// human is n rounded to a whole number with thousands separators
// ("366,000"), as the notes write counts of rows and words.
func human(n float64) string {
	s := fmt.Sprintf("%.0f", n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
