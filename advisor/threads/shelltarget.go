package threads

import "github.com/mytune/mytune/profile"

// shellLoadsSince is the first release MySQL Shell's util.loadDump (and
// util.copyInstance, which loads through it) loads into: before it the
// utility stops with "Loading dumps is only supported in MySQL 5.7 or
// newer" (mysql-shell dump_loader.cc, error 53009
// SHERR_LOAD_UNSUPPORTED_SERVER_VERSION; its 5.6 test expects that
// error), and MySQL Shell documents dump sources from 5.7.9 and 8.0.11.
var shellLoadsSince = profile.Version{Major: 5, Minor: 7}

// oldMySQLShellNote says why a MySQL or Percona target from before
// shellLoadsSince gets no mysqlsh lines.
const oldMySQLShellNote = "no mysqlsh lines: MySQL Shell's util.loadDump and util.copyInstance stop on a target before MySQL 5.7 " +
	"(\"Loading dumps is only supported in MySQL 5.7 or newer\"), and its dump utilities support sources from MySQL 5.7.9 and 8.0.11"

// shellTools reports whether MySQL Shell's dump, load and copy lines fit
// target t: a MySQL or Percona target from shellLoadsSince on, or one
// whose flavor or version is unknown (mysqlTools).
func shellTools(t profile.Target) bool {
	if !mysqlTools(t) {
		return false
	}
	v, ok := profile.ParseVersion(t.Version)
	return !ok || t.Version == "" || !v.Less(shellLoadsSince)
}

// noShellNoteFor is the note for a target without mysqlsh lines.
func noShellNoteFor(t profile.Target) string {
	if mysqlTools(t) {
		return oldMySQLShellNote
	}
	return noShellNote
}
