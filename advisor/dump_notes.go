package advisor

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// dumpNotes are the dump reader's notes for the report ("dump: the dump
// did not finish or is still running", "only the first 256.0 MiB were
// scanned: …", which tables are not InnoDB), but for the two the restore
// plan says in its own words: a file that selects no database (its lines
// create and name one), one that selects databases it never creates (its
// lines create them), a mysqldump file's one session (the load threads
// say so) and its replication statements (the plan's notes name them).
func dumpNotes(d *profile.Dump) []string {
	if d == nil {
		return nil
	}
	var out []string
	for _, n := range d.Notes {
		switch {
		case d.NoUseStatement && strings.HasPrefix(n, "the file selects no database"):
		case d.Format == "mysqldump" && strings.HasPrefix(n, "a mysqldump file loads through one client session"):
		case len(d.UncreatedDatabases) > 0 && !d.NoUseStatement && strings.Contains(n, "that it never creates (dumped with --no-create-db)"):
		case len(d.ReplicationStatements) > 0 && strings.HasPrefix(n, "the file runs replication statements"):
		default:
			out = append(out, "dump: "+n)
		}
	}
	return out
}
