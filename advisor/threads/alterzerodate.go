package threads

import (
	"github.com/mytune/mytune/profile"
)

// alterSessionMode is the SET SESSION sql_mode statement the deferrals'
// ALTER line runs first when the target's sql_mode (targetSQLMode) refuses
// a zero-date DEFAULT of a table whose keys that line adds (refusedDefaults):
// an ALTER TABLE checks the defaults again, and MariaDB 10.11.19 under
// NO_ZERO_DATE answered "ERROR 1067 (42000): Invalid default value for 'd'"
// to the ALTER TABLE … ADD KEY of a table the edited schema file had
// created, and mysql -e stopped there: its keys and those of the tables
// after it never came back (review r69, docs/benchmarks/live-server.md).
// The session leaves out only NO_ZERO_DATE and NO_ZERO_IN_DATE, as the
// schema file's edit does (ZeroDateDefaultWarning); "" when nothing the line
// alters is refused.
func alterSessionMode(p *profile.Profile, o Options, keys keyDeferral, ft ftDeferral) string {
	d := p.Dump
	if d == nil || len(d.ZeroDateDefaults) == 0 || (!keys.deferred() && !ft.deferred()) {
		return ""
	}
	m, ok := targetSQLMode(p, o)
	if !ok {
		return ""
	}
	altered := map[string]bool{}
	for _, t := range keys.tables {
		altered[t.schema+"."+t.table] = true
	}
	for _, t := range ft.tables {
		altered[t.schema+"."+t.table] = true
	}
	cols, _ := refusedDefaults(d, m)
	for _, z := range cols {
		if altered[z.Table] {
			return "SET SESSION sql_mode = '" + m.without("NO_ZERO_DATE", "NO_ZERO_IN_DATE") + "'"
		}
	}
	return ""
}
