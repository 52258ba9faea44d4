package threads

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// DefinerWarning says which accounts the dump's views, routines, triggers
// and events run as (Dump.Definers) the live target's mysql.user lacks
// (Server.DefinersKnown): the load creates those objects, but each fails
// when used, "ERROR 1449 (HY000): The user specified as a definer … does
// not exist" (MariaDB 10.11.19, 2026-12-07: a trigger whose definer was
// missing made every INSERT into its table fail after a load that exited
// 0; docs/benchmarks/live-server.md, review r32); "" when none is missing
// or the target was not asked.
func DefinerWarning(p *profile.Profile) string {
	s := p.Server
	if p.Dump == nil || s == nil || !s.Reachable || len(s.DefinersKnown) == 0 {
		return ""
	}
	var missing []string
	for d, known := range s.DefinersKnown {
		if !known {
			at := strings.LastIndex(d, "@")
			missing = append(missing, "'"+d[:at]+"'@'"+d[at+1:]+"'")
		}
	}
	if len(missing) == 0 {
		return ""
	}
	sort.Strings(missing)
	return fmt.Sprintf("the dump's views, routines, triggers or events run as %s, which TARGET's mysql.user does not hold: the load creates "+
		"them, but each fails when used (\"ERROR 1449 (HY000): The user specified as a definer … does not exist\"; a trigger's table then "+
		"refuses its INSERTs). Create %s on TARGET, with the privileges those objects need, before the application uses them",
		strings.Join(missing, ", "), map[bool]string{true: "that account", false: "those accounts"}[len(missing) == 1])
}
