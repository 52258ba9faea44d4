package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// versionRange is a conjunction of constraints such as ">=8.0.30, <9.0".
type versionRange struct {
	ops  []string
	vers []profile.Version
}

// parseRange parses "" (any version) or comma-separated constraints with
// the operators >=, >, <=, <, = .
func parseRange(s string) (versionRange, error) {
	var r versionRange
	for _, c := range strings.Split(s, ",") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		op := ""
		for _, cand := range []string{">=", "<=", ">", "<", "="} {
			if strings.HasPrefix(c, cand) {
				op = cand
				break
			}
		}
		if op == "" {
			return r, fmt.Errorf("version constraint %q: start it with >=, >, <=, < or =", c)
		}
		v, err := profile.ParseVersionStrict(strings.TrimSpace(c[len(op):]))
		if err != nil {
			return r, fmt.Errorf("version constraint %q: %w", c, err)
		}
		r.ops = append(r.ops, op)
		r.vers = append(r.vers, v)
	}
	return r, nil
}

// contains reports whether v satisfies every constraint of r.
func (r versionRange) contains(v profile.Version) bool {
	for i, op := range r.ops {
		c := v.Compare(r.vers[i])
		ok := map[string]bool{">=": c >= 0, ">": c > 0, "<=": c <= 0, "<": c < 0, "=": c == 0}[op]
		if !ok {
			return false
		}
	}
	return true
}

// seriesFloor reads a target given as a series ("8.0", from --target
// mysql-8.0 or a [mysqld-8.0] header) as the series' first GA release in
// supported (MySQL 8.0 → 8.0.11, 5.7 → 5.7.9): no one runs the 8.0.0–8.0.2
// milestones, and as 8.0.0 the query cache (removed in 8.0.3, MySQL 8.0
// release notes) counted as present, so `query_cache_size = 0` went into a
// MySQL 8.0 cnf, which mysqld 8.0 refuses ("unknown variable"). A version
// with its patch number is kept as given.
func seriesFloor(flavor, text string, v profile.Version) profile.Version {
	t := profile.CleanVersion(strings.TrimSpace(text))
	if strings.Count(strings.SplitN(t, "-", 2)[0], ".") >= 2 {
		return v
	}
	if flavor == profile.FlavorPercona {
		flavor = profile.FlavorMySQL // Percona Server follows MySQL's releases
	}
	floors := append([]Series(nil), supported...)
	for _, s := range append(floors, oldGA...) {
		lo, ok := profile.ParseVersion(s.Lo)
		if ok && s.Flavor == flavor && lo.Major == v.Major && lo.Minor == v.Minor && v.Less(lo) {
			lo.Suffix = v.Suffix
			return lo
		}
	}
	return v
}

// oldGA are the first GA releases of the series before those in
// supported, so that --target mysql-5.6 means 5.6.10 (whose defaults,
// changed in 5.6.6 and 5.6.8, every GA 5.6 has), not 5.6.0 (release notes
// of each series: MySQL 5.0.15, 5.1.30, 5.5.8, 5.6.10; MariaDB 5.5.23,
// 10.0.10, 10.1.8, 10.2.6, 10.3.7, 10.4.6).
var oldGA = []Series{
	{Flavor: profile.FlavorMySQL, Lo: "5.0.15"}, {Flavor: profile.FlavorMySQL, Lo: "5.1.30"},
	{Flavor: profile.FlavorMySQL, Lo: "5.5.8"}, {Flavor: profile.FlavorMySQL, Lo: "5.6.10"},
	{Flavor: profile.FlavorMariaDB, Lo: "5.5.23"}, {Flavor: profile.FlavorMariaDB, Lo: "10.0.10"},
	{Flavor: profile.FlavorMariaDB, Lo: "10.1.8"}, {Flavor: profile.FlavorMariaDB, Lo: "10.2.6"},
	{Flavor: profile.FlavorMariaDB, Lo: "10.3.7"}, {Flavor: profile.FlavorMariaDB, Lo: "10.4.6"},
}
