package threads

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// defaultPageBytes is innodb_page_size's default, 16 KiB (MariaDB KB and
// MySQL 8.4 manual, innodb_page_size): the target's page when neither
// its server nor its my.cnf says.
const defaultPageBytes = 16 << 10

// pageSizes are the values innodb_page_size takes (4K to 64K).
var pageSizes = []uint64{4 << 10, 8 << 10, 16 << 10, 32 << 10, 64 << 10}

// targetPage is the target's innodb_page_size and where it was read: the
// live server's variable, else the my.cnf's, else defaultPageBytes.
func targetPage(p *profile.Profile) (bytes uint64, from string) {
	if p.Server != nil {
		if n := pageSizeOf(p.Server.Variables["innodb_page_size"]); n > 0 {
			return n, "read from the server"
		}
	}
	if p.MyCnf != nil {
		if n := pageSizeOf(p.MyCnf.Variables["innodb_page_size"]); n > 0 {
			return n, "the my.cnf's"
		}
	}
	return defaultPageBytes, "InnoDB's default, as neither a server nor a my.cnf said"
}

// pageOf is targetPage's size alone.
func pageOf(p *profile.Profile) uint64 {
	n, _ := targetPage(p)
	return n
}

// pageSizeOf is an innodb_page_size value in bytes ("4k", "4096"); 0 when
// it is none of pageSizes.
func pageSizeOf(v string) uint64 {
	n, err := profile.ParseSize(v)
	for _, s := range pageSizes {
		if err == nil && n == s {
			return n
		}
	}
	return 0
}

// strictOff reports whether the target runs with innodb_strict_mode OFF
// (the server's, else the my.cnf's; ON, the default since MariaDB 10.2.2
// and MySQL 5.7.7, when neither says).
func strictOff(p *profile.Profile) bool {
	if p.Server != nil {
		if v, ok := p.Server.Variables["innodb_strict_mode"]; ok {
			return isOff(v)
		}
	}
	return p.MyCnf != nil && isOff(p.MyCnf.Variables["innodb_strict_mode"])
}

// RowSizeWarning names the dump's tables whose rows the target's InnoDB
// page does not take (Dump.WideTables against its innodb_page_size,
// MariaDB 10.11's rule: profile.DumpWideTable.FitOn) and what the load
// then does: a 16K dump into a 4K MariaDB 10.11.19, myloader 0.10 printed
// "Error restoring wide.many from file wide.many-schema.sql: Row size too
// large (> 1982)", then "Table 'wide.many' doesn't exist" for its rows,
// loaded the other tables and exited 1 (docs/benchmarks/live-server.md,
// review r51); with innodb_strict_mode OFF the table is created with a
// warning and each transaction holding a row past the limit fails
// (myloader 0.10: "Got error 1 "Operation not permitted" during COMMIT",
// 0 of 500 rows of 2490 bytes loaded). ""
// when every table fits, or the target is MySQL (its rule was not
// measured).
func RowSizeWarning(p *profile.Profile, o Options) string {
	d, t := p.Dump, targetOf(p, o)
	if d == nil || len(d.WideTables) == 0 || t.Flavor != "" && !t.IsMariaDB() {
		return ""
	}
	page, from := targetPage(p)
	var over []profile.DumpWideTable
	var refused []string
	for _, w := range d.WideTables {
		switch f := w.FitOn(page); {
		case f.Refused != "":
			refused = append(refused, fmt.Sprintf("%s (%s)", w.Name, f.Refused))
		case !f.Fits():
			over = append(over, w)
		}
	}
	if len(over)+len(refused) == 0 {
		return ""
	}
	var parts []string
	if len(over) > 0 {
		parts = append(parts, wideText(p, page, over))
	}
	if len(refused) > 0 {
		parts = append(parts, fmt.Sprintf("the CREATE TABLE of %s fails, errno 140 \"Wrong create options\" (%s); "+
			"ROW_FORMAT=DYNAMIC in its place loads them", listOf(refused), loaderWhat(d.Format)))
	}
	return fmt.Sprintf("TARGET's InnoDB pages are %s (innodb_page_size %d, %s): %s", profile.HumanBytes(page), page, from, strings.Join(parts, "; and "))
}

// wideText is the warning for the tables whose records the page refuses:
// each with its record, what the load does, and what would load them.
func wideText(p *profile.Profile, page uint64, over []profile.DumpWideTable) string {
	var named, dynamic []string
	limits := map[int]int{} // limit → message
	for _, w := range over {
		f := w.FitOn(page)
		limits[f.Limit] = f.Message
		named = append(named, fmt.Sprintf("%s (%d bytes%s)", w.Name, f.Record, formatWord(w.RowFormat)))
		as := w.DynamicRecordBytes
		if w.RowFormat == "compressed" {
			as = w.RecordBytes
		}
		if as > 0 && (profile.DumpWideTable{RecordBytes: as}).FitOn(page).Fits() {
			dynamic = append(dynamic, fmt.Sprintf("%s (%d bytes as DYNAMIC)", w.Name, as))
		}
	}
	keys := make([]int, 0, len(limits))
	for limit := range limits {
		keys = append(keys, limit)
	}
	sort.Ints(keys) // by number: "8126" before "16383"
	var under, says []string
	for _, limit := range keys {
		under = append(under, fmt.Sprint(limit))
		if say := fmt.Sprintf("\"Row size too large (> %d)\"", limits[limit]); !slices.Contains(says, say) {
			says = append(says, say) // at 64K, 32702 and REDUNDANT's 16383 both say "> 16383"
		}
	}
	what := fmt.Sprintf("the rows of %s are larger than that page takes (a record must stay under %s bytes, every column counted "+
		"at its declared maximum, a long one DYNAMIC keeps off-page at 21): with innodb_strict_mode ON their CREATE TABLE fails, %s, and %s",
		listOf(named), strings.Join(under, " or "), strings.Join(says, " or "), loaderWhat(p.Dump.Format))
	if strictOff(p) {
		what = fmt.Sprintf("the rows of %s are larger than that page takes (a record must stay under %s bytes), and TARGET runs with "+
			"innodb_strict_mode OFF: their CREATE TABLE only warns, %s, then a transaction holding a row past it fails whole (myloader 0.10: "+
			"\"Got error 1 \\\"Operation not permitted\\\" during COMMIT\": none of its rows loaded, as measured; the rows that fit load) "+
			"and the loader exits 1", listOf(named), strings.Join(under, " or "), strings.Join(says, " or "))
	}
	return what + ". Before the load: " + strings.Join(wideFixes(p, page, over, dynamic), "; or ")
}

// wideFixes are what loads those tables: DYNAMIC where it fits, a larger
// page, and (when TARGET is strict) innodb_strict_mode OFF with its cost.
func wideFixes(p *profile.Profile, page uint64, over []profile.DumpWideTable, dynamic []string) []string {
	var fixes []string
	if len(dynamic) > 0 {
		fixes = append(fixes, "ROW_FORMAT=DYNAMIC in the dump's CREATE TABLE of "+listOf(dynamic))
	}
	if need := smallestPage(over); need > page {
		fixes = append(fixes, fmt.Sprintf("a target with %s pages, the smallest they fit (innodb_page_size is fixed when the datadir is made: "+
			"mariadb-install-db --innodb-page-size=%dk, and the same in the server's my.cnf)", profile.HumanBytes(need), need>>10))
	}
	if !strictOff(p) {
		fixes = append(fixes, "SET GLOBAL innodb_strict_mode=OFF for the load creates them, but a transaction holding a row whose values "+
			"pass the limit still fails at its COMMIT, so the loader still exits 1 unless every row fits")
	}
	if len(fixes) == 0 {
		fixes = append(fixes, "fewer or narrower columns in those tables")
	}
	return fixes
}

// smallestPage is the smallest page size every table's record fits; 0
// when none does.
func smallestPage(tables []profile.DumpWideTable) uint64 {
	for _, s := range pageSizes {
		fits := true
		for _, w := range tables {
			fits = fits && w.FitOn(s).Fits()
		}
		if fits {
			return s
		}
	}
	return 0
}

// loaderWhat says what the dump's loader does with a table whose CREATE
// TABLE fails.
func loaderWhat(format string) string {
	switch format {
	case "mydumper":
		return "myloader skips those tables and their rows (\"Table … doesn't exist\"), restores the rest and exits 1"
	case "mysqldump":
		return "the load stops at the first such CREATE TABLE, leaving the tables after it unloaded"
	}
	return "its loader fails on those tables and their rows"
}

// formatWord is ", ROW_FORMAT=X" for a table that names its row format.
func formatWord(format string) string {
	if format == "" {
		return ""
	}
	return ", ROW_FORMAT=" + strings.ToUpper(format)
}

// listOf joins up to maxNamedTables items, counting the rest.
func listOf(items []string) string {
	if len(items) > maxNamedTables {
		return strings.Join(items[:maxNamedTables], ", ") + fmt.Sprintf(" and %d more", len(items)-maxNamedTables)
	}
	return strings.Join(items, ", ")
}
