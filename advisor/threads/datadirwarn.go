package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// maxDataDirTablesNamed bounds the tables a DATA DIRECTORY warning names
// per path; the rest are counted.
const maxDataDirTablesNamed = 3

// DataDirectoryWarning says which of the dump's tables name a DATA
// DIRECTORY (Dump.DataDirectories) and what the target does with them
// (MariaDB 10.11.19, 2026-12-07, docs/benchmarks/live-server.md, "A dump
// whose tables name a DATA DIRECTORY"): where the server may write the
// path it creates the directory and the tables there, outside its
// datadir; where it may not, "Can't create table … (errno: 168 …)":
// myloader 0.10 skipped the table and its rows and exited 1, the mysql
// client stopped at that ERROR 1005. "" when none.
func DataDirectoryWarning(p *profile.Profile) string {
	if p.Dump == nil || len(p.Dump.DataDirectories) == 0 {
		return ""
	}
	var parts []string
	n := 0
	for _, d := range p.Dump.DataDirectories {
		n += len(d.Tables)
		named := d.Tables[:min(len(d.Tables), maxDataDirTablesNamed)]
		s := fmt.Sprintf("DATA DIRECTORY='%s' (%s", d.Path, strings.Join(named, ", "))
		if more := len(d.Tables) - len(named); more > 0 {
			s += fmt.Sprintf(" and %d more", more)
		}
		parts = append(parts, s+")")
	}
	return fmt.Sprintf("%s of the dump %s %s: TARGET creates them in that directory, outside its datadir, making it where the server "+
		"may write (the rows load there, on whatever disk holds that path on TARGET), and where it may not it refuses them "+
		"(\"Can't create table … (errno: 168 …)\"): myloader skips them and their rows and exits 1, the mysql client stops at that ERROR 1005. "+
		"Make sure each path exists on TARGET on the disk meant for those tables, or delete the DATA DIRECTORY clauses from the "+
		"dump's schema files to load them into the datadir",
		count(n, "table"), map[bool]string{true: "names", false: "name"}[n == 1], strings.Join(parts, "; "))
}
