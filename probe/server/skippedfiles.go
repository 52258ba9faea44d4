package server

import (
	"fmt"

	"github.com/mytune/mytune/probe/mycnf"
)

// skippedFiles are the notes for the client option files read as a whole
// skipped (a world-writable ~/.my.cnf or --defaults-file, which the mysql
// client also ignores, with "World-writable config file ... is ignored";
// an include it cannot open): without them the user, password and server
// in the file vanish and the run says only that no server answered on
// 127.0.0.1:3306 (review r18).
func skippedFiles(opts mycnf.Options) []string {
	var notes []string
	for _, w := range opts.Warnings {
		if w.Line != 0 {
			continue
		}
		notes = append(notes, fmt.Sprintf("%s: %s; no user, password or server in it is used", w.File, w.Text))
	}
	return notes
}
