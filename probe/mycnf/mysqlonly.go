package mycnf

import (
	"sort"
	"sync"
)

// mysqlOnlyFile lists the server options only MySQL (and Percona Server)
// have: generated from the option tables and captures (its header says
// how; mysqlonly_test.go regenerates it with -update and checks it).
const mysqlOnlyFile = "options/mysql-only.txt"

var (
	mysqlOnlyOnce  sync.Once
	mysqlOnlyNames map[string]bool
)

// isMySQLOnly reports whether a server option named name (normalised)
// exists only in MySQL: a my.cnf setting it, not loose-, was written for
// a MySQL or Percona server (mariadbd refuses to start on it).
func isMySQLOnly(name string) bool {
	mysqlOnlyOnce.Do(func() {
		mysqlOnlyNames = map[string]bool{}
		for name := range readTable(mysqlOnlyFile) {
			mysqlOnlyNames[name] = true
		}
	})
	return mysqlOnlyNames[name]
}

// MySQLOnly lists, sorted and once each, the options of the server groups
// that only MySQL has (isMySQLOnly), normalised (dashes as underscores), loose- ones
// left out: a loose- option is written to be skipped where unknown.
func (o Options) MySQLOnly() []string {
	seen := map[string]bool{}
	var out []string
	for _, opt := range o.ServerOnly().List {
		if opt.Loose || !isMySQLOnly(opt.Name) || seen[opt.Name] {
			continue
		}
		seen[opt.Name] = true
		out = append(out, opt.Name)
	}
	sort.Strings(out)
	return out
}
