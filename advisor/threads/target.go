package threads

import "github.com/mytune/mytune/profile"

// targetOf is o.Target when the caller resolved one, else the live
// server's flavor and version from the profile, else the zero Target.
func targetOf(p *profile.Profile, o Options) profile.Target {
	if o.Target.Flavor != "" || o.Target.Version != "" {
		return o.Target
	}
	if s := p.Server; s != nil && s.Version != "" {
		return profile.Target{Flavor: s.Flavor, Version: s.Version, Source: profile.SourceServer}
	}
	return profile.Target{}
}

// mysqlTools reports whether MySQL tools fit target t: any target but
// MariaDB (an unknown target gets both tool families).
func mysqlTools(t profile.Target) bool { return !t.IsMariaDB() }
