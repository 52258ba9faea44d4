package threads

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// keyTable is one table whose plain secondary indexes (KEY or INDEX) are
// added after its rows.
type keyTable struct {
	schema, table string
	keys          []string
	// entries is the index entries the ALTER TABLE builds: rows × keys.
	entries float64
	// exact is set when a keyed table of the same name elsewhere keeps its
	// keys: the filter then matches this table by its schema and name.
	exact bool
}

// keyDeferral is what the load of a dump does with its tables' plain
// secondary indexes: the tables whose keys are added after the rows, the
// tables left with their keys inline, and why when none is deferred.
type keyDeferral struct {
	tables  []keyTable
	entries float64
	// inline counts the keyed tables whose keys stay in their CREATE TABLE.
	inline int
	why    string
}

// deferred reports whether the load leaves some tables' plain keys out.
func (k keyDeferral) deferred() bool { return len(k.tables) > 0 }

// KeyDeferMaxStatementBytes bounds the ALTER TABLE text of the printed
// line (one mysql -e argument): Linux takes at most 128 KiB in one
// argument (MAX_ARG_STRLEN, execve(2)); the smallest tables past it keep
// their keys inline.
const KeyDeferMaxStatementBytes = 100_000

// keyDeferralOf decides which tables of d load without their plain
// secondary indexes and get them back with one ALTER TABLE each after the
// load (see KeyDeferNote for the measurements): a mydumper dump with
// uncompressed schema files or a mysqldump file read to its end, without
// FOREIGN KEYs, whose InnoDB tables of KeyDeferMinRows rows or more have
// their keys read and nothing that needs them in the CREATE TABLE.
func keyDeferralOf(d *profile.Dump, mariadb bool) keyDeferral {
	if d == nil || len(d.SecondaryKeyTables) == 0 || d.Format == "mysqlsh" {
		return keyDeferral{}
	}
	switch {
	case d.Format == "mydumper" && d.Compression != "" && d.Compression != "none":
		return keyDeferral{why: "the dump's -schema.sql files are compressed (" + d.Compression + "), which the line that takes the keys out does not rewrite"}
	case d.Format == "mysqldump" && d.ScannedBytes > 0:
		return keyDeferral{why: "the file was read only in part, so the keys of the tables past that part are not known"}
	case d.Format != "mydumper" && d.Format != "mysqldump":
		return keyDeferral{}
	case len(d.ForeignKeyTables) > 0 && len(d.ForeignKeyParents) == 0:
		return keyDeferral{why: fmt.Sprintf("the dump has FOREIGN KEYs (%s) and the tables they reference were not read (a profile saved before fields_revision 5): "+
			"a key a constraint uses must exist when its table is created", firstNames(d.ForeignKeyTables))}
	}
	models := map[string]profile.DumpTableModel{}
	for _, m := range d.TableModels {
		models[m.Name] = m
	}
	misread := map[string]bool{} // myloader 0.10 loads a dotted database's tables elsewhere: the ALTER would fail, and stop the line
	for _, t := range d.LoaderTraps {
		misread[t.Schema] = misread[t.Schema] || t.Kind == trapDottedSchema
	}
	var cands []keyTable
	keep := map[string]bool{} // the names of keyed tables that keep their keys
	for _, name := range d.SecondaryKeyTables {
		schema, table := splitTableName(name, d.Databases)
		m, ok := models[name]
		if !ok || !keysMovable(m, name, d) || m.Rows() < KeyDeferMinRows || misread[schema] || inForeignKey(name, d) {
			keep[table] = true
			continue
		}
		cands = append(cands, keyTable{schema: schema, table: table, keys: plainDefs(m.SecondaryKeys, mariadb), entries: m.Rows() * float64(len(m.SecondaryKeys))})
	}
	in, past := withinStatement(cands)
	for _, t := range past {
		keep[t.table] = true
	}
	var out keyDeferral
	for _, t := range in {
		// matched by its schema when a same-named table keeps its keys: a
		// miss keeps the keys inline, and its ALTER adds nothing (MariaDB's
		// IF NOT EXISTS: a note; elsewhere ERROR 1061, and --force goes on)
		t.exact = keep[t.table]
		out.tables, out.entries = append(out.tables, t), out.entries+t.entries
	}
	out.inline = len(d.SecondaryKeyTables) - len(out.tables)
	sort.SliceStable(out.tables, func(i, j int) bool { return joinKeyName(out.tables[i]) < joinKeyName(out.tables[j]) })
	if !out.deferred() {
		out.why = "no table's plain keys can leave its CREATE TABLE: " + keyInlineReasons()
	}
	return out
}

// withinStatement splits all, the most entries first, into the tables
// whose ALTER TABLEs fit in KeyDeferMaxStatementBytes and those past it.
func withinStatement(all []keyTable) (in, past []keyTable) {
	sort.SliceStable(all, func(i, j int) bool { return all[i].entries > all[j].entries })
	size := 0
	for i, t := range all {
		if size += len(keyAlterStatement(t)) + 2; size > KeyDeferMaxStatementBytes {
			return all[:i], all[i:]
		}
	}
	return all, nil
}

// inForeignKey reports whether table name has a FOREIGN KEY or is one's
// parent: a constraint needs an index on its columns in both when its
// table is created (InnoDB makes one on the child's if none is there, so a
// key added after would be a second), so such a table keeps its keys.
func inForeignKey(name string, d *profile.Dump) bool {
	same := func(n string) bool { return strings.EqualFold(n, name) } // a REFERENCES may spell a name in another case (lower_case_table_names)
	return slices.ContainsFunc(d.ForeignKeyTables, same) || slices.ContainsFunc(d.ForeignKeyParents, same)
}

// keysMovable reports whether table m's plain keys can leave its CREATE
// TABLE: read, InnoDB, not system-versioned, nothing needing them there.
func keysMovable(m profile.DumpTableModel, name string, d *profile.Dump) bool {
	return len(m.SecondaryKeys) > 0 && len(m.SecondaryKeys) == len(m.SecondaryKeyAt) && m.KeysKept == "" &&
		(m.Engine == "" || strings.EqualFold(m.Engine, "InnoDB")) && !slices.Contains(d.VersionedTables, name)
}

// plainDefs are the keys as ALTER TABLE … ADD takes them; on MariaDB with
// IF NOT EXISTS, so that the line run twice, or after a load that kept a
// key, adds what is missing and warns about the rest (MariaDB KB, "ALTER
// TABLE": ADD INDEX IF NOT EXISTS, 10.0.2+).
func plainDefs(defs []string, mariadb bool) []string {
	if !mariadb {
		return defs
	}
	out := make([]string, len(defs))
	for i, def := range defs {
		word, rest, _ := strings.Cut(def, " ")
		out[i] = def
		if !strings.HasPrefix(strings.TrimSpace(rest), "(") { // IF NOT EXISTS needs the key's name; SHOW CREATE TABLE always writes one
			out[i] = word + " IF NOT EXISTS " + rest
		}
	}
	return out
}

// keyAlterStatement is one table's ALTER TABLE adding all its plain keys:
// InnoDB builds them in one scan of the rows.
func keyAlterStatement(t keyTable) string {
	adds := make([]string, len(t.keys))
	for i, k := range t.keys {
		adds[i] = "ADD " + k
	}
	return "ALTER TABLE " + quotedTable(t.schema, t.table) + " " + strings.Join(adds, ", ")
}

// quotedTable is `schema`.`table` (`table` when the schema is unknown).
func quotedTable(schema, table string) string {
	name := "`" + strings.ReplaceAll(table, "`", "``") + "`"
	if schema != "" {
		name = "`" + strings.ReplaceAll(schema, "`", "``") + "`." + name
	}
	return name
}

// joinKeyName is the table's "schema.table".
func joinKeyName(t keyTable) string { return t.schema + "." + t.table }

// firstNames is up to three of names, and how many more.
func firstNames(names []string) string {
	if len(names) <= 3 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:3], ", "), len(names)-3)
}

// set is the filter's set of the tables whose plain keys are deferred.
func (k keyDeferral) set() deferSet {
	names := make([]deferName, len(k.tables))
	for i, t := range k.tables {
		names[i] = deferName{t.schema, t.table, t.exact}
	}
	return setOf(names)
}

// forcedAlterNote says what the ALTER line's --force is for, where the
// target is not known to take ADD … IF NOT EXISTS (alterForced).
const forcedAlterNote = "the ALTER TABLE line sends its statements with --force: an ERROR 1061 (Duplicate key name) from it says that key " +
	"is in place already (the line run a second time, or a CREATE TABLE the filter did not match, which kept its keys), and the statements " +
	"after it still run; the client exits 0 all the same, so read its output"

// deferring reports whether the load adds some keys after the rows
// (FULLTEXT or plain), so that its lines take them out and add them back.
func (dd dirs) deferring() bool { return dd.fulltext.deferred() || dd.keys.deferred() }

// deferralNotes are the notes on what the deferral lines do: FULLTEXT's
// and the plain keys', each when deferred (dir as fulltextLoadNote's).
func deferralNotes(dd dirs, dir string) []string {
	var notes []string
	if dd.fulltext.deferred() {
		notes = append(notes, fulltextLoadNote(dd, dir))
	}
	if dd.keys.deferred() {
		notes = append(notes, keyLoadNote(dd.keys, dir))
	}
	if !dd.ifNotExists {
		notes = append(notes, forcedAlterNote)
	}
	return notes
}
