package dump

import (
	"regexp"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// reDataDirectory finds a table's DATA DIRECTORY option (MySQL 8.4
// manual, CREATE TABLE, "DATA DIRECTORY"; SHOW CREATE TABLE writes
// DATA DIRECTORY='/path/'), read in the table options after the column and
// index definitions. MariaDB 10.11.19 creates such a table in that path,
// outside its datadir, making the directory if it can, and refuses it
// with errno 168 when it cannot (2026-12-07, docs/benchmarks/live-server.md).
var reDataDirectory = regexp.MustCompile(`(?i)\bDATA\s+DIRECTORY\s*=\s*'((?:[^'\\]|\\.|'')*)'`)

// dataDirectories are the tables whose CREATE TABLE names a DATA
// DIRECTORY, by path.
type dataDirectories map[string][]string

// add records table under the DATA DIRECTORY its table options name, if
// any; options is the CREATE TABLE text after the definitions.
func (d dataDirectories) add(table, options string) {
	if m := reDataDirectory.FindStringSubmatch(options); m != nil {
		d[m[1]] = append(d[m[1]], table)
	}
}

// list is the paths, sorted, each with its tables sorted; nil when none.
func (d dataDirectories) list() []profile.DumpDataDirectory {
	if len(d) == 0 {
		return nil
	}
	out := make([]profile.DumpDataDirectory, 0, len(d))
	for path, tables := range d {
		sort.Strings(tables)
		out = append(out, profile.DumpDataDirectory{Path: path, Tables: tables})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// tableOptionsLine is true for a mysqldump line that holds a CREATE
// TABLE's table options: it closes the definitions (") ENGINE=…").
func tableOptionsLine(line string) bool {
	return strings.HasPrefix(strings.TrimSpace(line), ")")
}
