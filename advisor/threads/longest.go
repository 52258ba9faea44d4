package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// longestStatement is the longest statement a dump's load sends, what it
// is and what the load does when max_allowed_packet cannot hold it; 0 when
// not known. A mysqldump file's is its longest line (LargestLineBytes); a
// mydumper dump's the longest INSERT among the statements sampled
// (DumpTableModel.LargestStatementBytes): mydumper 0.10 writes a row
// longer than its --statement-size as one statement, and myloader 0.10
// sent a 20 MB one to MariaDB 10.11.19 at its default 16M and stopped
// ("Error restoring blobby.b from file blobby.b.sql: Server has gone
// away", exit 1, the table empty; QA 2026-12-06), loading it whole once
// max_allowed_packet was 22M.
func longestStatement(d *profile.Dump) (uint64, string, string) {
	switch {
	case d == nil:
		return 0, "", ""
	case d.Format == "mysqldump":
		return d.LargestLineBytes, "the file's longest statement", packetRisk(d)
	case d.Format != "mydumper":
		return 0, "", ""
	}
	var longest uint64
	table := ""
	for _, m := range d.TableModels {
		if m.LargestStatementBytes > longest {
			longest, table = m.LargestStatementBytes, m.Name
		}
	}
	return longest, fmt.Sprintf("the dump's longest INSERT, of %s among the statements sampled", table), "myloader stops at that statement (\"Server has gone away\", exit 1) and leaves " +
		"the rest of that file unloaded"
}

// packetRisk is what a mysqldump file's load does when max_allowed_packet
// cannot hold its longest statement: the client stops there, with ERROR
// 1153 or, as the mariadb client 10.11 reports it against MariaDB 10.11.19
// ("ERROR 2006 (HY000) at line 1064: Server has gone away", QA), ERROR
// 2006; what it leaves of that table depends on whether the file dropped
// it first (DropsTables) or created it (not CreatesNoTable).
func packetRisk(d *profile.Dump) string {
	stops := "the load stops at that statement (\"ERROR 2006 (HY000): Server has gone away\" from the mariadb client, " +
		"\"ERROR 1153 (08S01): Got a packet bigger than 'max_allowed_packet' bytes\" from others) "
	switch {
	case d.DropsTables && !d.CreatesNoTable:
		return stops + "after its DROP TABLE IF EXISTS has emptied the table, which holds only the rows before that statement"
	case d.CreatesNoTable:
		return stops + "with the rows before it added to the table and the rest not loaded"
	}
	return stops + "with the table it fills created and holding only the rows before that statement"
}
