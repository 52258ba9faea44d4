package threads

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// Target is the server the plan is made for: the advisor's resolved target
// (a live server, else --target, else the my.cnf, else the default).
type Target struct {
	Flavor  string // "mysql", "mariadb", "percona"; "" when unknown
	Version string // "8.0.36", "10.11", "10.11.19-MariaDB"; "" when unknown
	// Source says where it came from: "server", "flag", "mycnf" or
	// "default" (assumed); "" when unknown.
	Source string
}

// targetOf is o.Target when the caller resolved one, else the live
// server's flavor and version from the profile, else the zero Target.
func targetOf(p *profile.Profile, o Options) Target {
	if o.Target.Flavor != "" || o.Target.Version != "" {
		return o.Target
	}
	if s := p.Server; s != nil && s.Version != "" {
		return Target{Flavor: s.Flavor, Version: s.Version, Source: "server"}
	}
	return Target{}
}

// isMariaDB reports whether the target is MariaDB, by flavor or by a
// version string such as "10.11.19-MariaDB".
func (t Target) isMariaDB() bool {
	return t.Flavor == profile.FlavorMariaDB || strings.Contains(strings.ToLower(t.Version), "mariadb")
}

// isMySQL reports whether MySQL tools fit: any target but MariaDB (an
// unknown target gets both tool families).
func (t Target) isMySQL() bool { return !t.isMariaDB() }
