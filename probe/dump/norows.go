package dump

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// noRowsNote says that a mydumper dump with tables holds no data file
// (QA: mydumper 0.10 -B shop -d wrote only -schema files, and advise
// printed the myloader line and an estimate with no word that it loads
// no row, while a mysqldump --no-data file is warned of); "" otherwise.
func noRowsNote(d *profile.Dump) string {
	if d.Tables == 0 || d.Chunks > 0 {
		return ""
	}
	return fmt.Sprintf("the dump holds no rows: its %d table(s) have no data file (dumped with mydumper -d/--no-data, or the tables "+
		"were empty): myloader creates them empty; load their rows from another dump", d.Tables)
}
