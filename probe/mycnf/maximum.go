package mycnf

import (
	"fmt"
	"strings"
	"sync"
)

// maximumFile says what mariadbd 10.11.19 does with maximum-NAME=V for
// each option that does not take it as a session cap (its header says how
// it was found).
const maximumFile = "options/mariadb-10.11-maximum.txt"

var (
	maximumOnce  sync.Once
	maximumKinds map[string]string
)

// maximumKind is what mariadbd 10.11 does with maximum-name: "refused"
// (it stops), "sets" (it sets name itself), or "" (it caps what a session
// may SET name to).
func maximumKind(name string) string {
	maximumOnce.Do(func() { maximumKinds = readTable(maximumFile) })
	return maximumKinds[name]
}

// resolveMaximum checks a maximum-NAME=V line as mariadbd 10.11 reads it:
// a refusal, NAME = V itself (returned under NAME, its value then checked
// as NAME's), or a session cap kept as maximum_NAME, which no rule reads.
// MySQL's reading is not checked: no mysqld was run on such lines.
func (r *Reading) resolveMaximum(flavor string, o Option) (Option, bool) {
	name := strings.TrimPrefix(o.Name, "maximum_")
	if flavor != flavorMariaDB {
		return o, true
	}
	switch maximumKind(name) {
	case "refused":
		r.refuseMaximum(o, name)
		return o, !o.Loose
	case "sets":
		r.warn(flavorMariaDB, o, false, fmt.Sprintf("%s = %s sets %s itself on mariadbd %s, not a session maximum "+
			"(seen on 10.11.19: maximum-innodb_io_capacity=1000 starts it with @@innodb_io_capacity 1000); "+
			"mytune reads it as %s = %s: write that, or remove the line", o.Raw, o.RawValue, name,
			tableVersion[flavorMariaDB], name, o.RawValue))
		o.Name, o.Prefix = name, ""
		return o, true
	}
	return o, true
}

// refuseMaximum warns that mariadbd stops on maximum- of a global-only
// variable, or with loose- logs the error and skips the line.
func (r *Reading) refuseMaximum(o Option, name string) {
	what := fmt.Sprintf("mariadbd %s refuses to start", tableVersion[flavorMariaDB])
	if o.Loose {
		what = fmt.Sprintf("mariadbd %s logs that error and, as the line is loose-, starts without it", tableVersion[flavorMariaDB])
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMariaDB,
		Version: tableVersion[flavorMariaDB], Refuses: !o.Loose,
		Text: fmt.Sprintf("%s = %s: %s has no per-session maximum (\"Maximum value of '%s' cannot be set\"): %s; "+
			"remove the line, or write %s = %s to set the variable itself", o.Raw, o.RawValue, name, name, what, name, o.RawValue)})
}
