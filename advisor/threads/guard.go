package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// serverSays reports whether the server read in this run (or captured)
// gave its variables: the "before" of a during-load change is then what it
// runs with (a variable SHOW GLOBAL VARIABLES leaves out is one it does not
// have, at its default), not assumed from a my.cnf or a default.
func serverSays(p *profile.Profile, _ string) bool {
	return p.Server != nil && p.Server.Reachable && p.Server.Variables != nil
}

// sizeLines are the apply and undo of raising the size variable name to
// `to` for the load and putting `before` back. When the server's value was
// read they are plain SETs. When it was not (before is the my.cnf's or the
// default), a plain SET could lower a server that runs more than assumed
// (a pool of 8G "grown" to 3G, then "undone" to 128M), so the apply never
// lowers it (GREATEST) and the undo acts only on the value the apply set,
// leaving any other alone. Both checked on MariaDB 10.11.19: SET GLOBAL
// takes the expressions, and the pool grew 256M → 384M and stayed put
// when already larger.
func sizeLines(p *profile.Profile, name string, to, before uint64) (apply, undo string) {
	if serverSays(p, name) {
		return fmt.Sprintf("SET GLOBAL %s = %d;", name, to), fmt.Sprintf("SET GLOBAL %s = %d;", name, before)
	}
	return fmt.Sprintf("SET GLOBAL %s = GREATEST(@@GLOBAL.%s, %d);", name, name, to),
		fmt.Sprintf("SET GLOBAL %s = IF(@@GLOBAL.%s = %d, %d, @@GLOBAL.%s);", name, name, to, before, name)
}

// assumedNote says, for a size whose value before was not read from the
// server, what the undo puts back and why the lines are guarded; "" when
// the server said.
func assumedNote(p *profile.Profile, name string, before uint64, from string) string {
	if serverSays(p, name) {
		return ""
	}
	return fmt.Sprintf("; no server was read, so %s is assumed to be %s (%s): the apply never lowers it and the undo puts that back only "+
		"where the apply changed it; if SELECT @@GLOBAL.%s showed another value before, set that back instead",
		name, profile.HumanBytes(before), from, name)
}
