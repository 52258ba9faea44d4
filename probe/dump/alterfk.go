package dump

import "regexp"

// reAlterTable is the start of an ALTER TABLE statement, its table's name
// after it (MariaDB KB, "ALTER TABLE": ALTER [ONLINE] [IGNORE] TABLE).
var reAlterTable = regexp.MustCompile(`(?i)^ALTER\s+(?:ONLINE\s+)?(?:IGNORE\s+)?TABLE\s+`)

// alterForeignKeys reads the FOREIGN KEYs a file adds with ALTER TABLE
// after its CREATE TABLEs, as phpMyAdmin's SQL export writes its
// constraints ("ALTER TABLE `child` ADD CONSTRAINT `fk` FOREIGN KEY (…)
// REFERENCES `parent` (…)"): the table is then a FOREIGN KEY's child and
// each table its REFERENCES names a parent, as a CREATE TABLE's
// (tableKinds), so that the load keeps their keys inline: a parent's key
// the load left out would make that ALTER fail (errno 150). A statement
// may span lines: each is read until the one that ends it.
func (s *sqlScan) alterForeignKeys(b []byte) {
	if loc := reAlterTable.FindIndex(b); loc != nil && !s.creating {
		s.altering = ""
		if db, table, ok := nameIn(b[loc[1]:], s.schemaName()); ok {
			s.altering, s.alterSchema = s.t.table(db, table).Name, db
		}
	}
	if s.altering == "" {
		return
	}
	var parents []string
	for _, def := range splitTop(stripQuoted(string(b)), ',') {
		if i := referencesAt(def); i >= 0 {
			if db, table, ok := nameIn([]byte(def[i:]), s.alterSchema); ok {
				parents = append(parents, db+"."+table)
			}
		}
	}
	if len(parents) > 0 {
		s.t.kinds.addForeignKeys(s.altering, parents)
	}
	if statementEnds(b) {
		s.altering = ""
	}
}
