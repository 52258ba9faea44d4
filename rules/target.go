package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/probe/profile"
)

// Target is the server flavor and version advice is made for.
type Target struct {
	Flavor  string
	Version string
	Source  string // "server", "flag" or "default"
}

// DefaultTarget is used when neither a server nor --target says otherwise:
// MySQL 8.4, the current LTS release.
var DefaultTarget = Target{Flavor: profile.FlavorMySQL, Version: "8.4.0", Source: "default"}

// ParseTarget parses a --target value such as "mysql-8.4", "mariadb-10.11"
// or "percona-8.0.36".
func ParseTarget(s string) (Target, error) {
	flavor, ver, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "-")
	switch flavor {
	case profile.FlavorMySQL, profile.FlavorMariaDB, profile.FlavorPercona:
	default:
		ok = false
	}
	if !ok {
		return Target{}, fmt.Errorf("target %q: want FLAVOR-VERSION with flavor mysql, mariadb or percona (e.g. mysql-8.4, mariadb-10.11)", s)
	}
	if _, err := ParseVersion(ver); err != nil {
		return Target{}, fmt.Errorf("target %q: %w", s, err)
	}
	return Target{Flavor: flavor, Version: ver, Source: "flag"}, nil
}

// ResolveTarget picks the target: the live server's flavor and version,
// else the --target flag (may be ""), else DefaultTarget. The note says
// what was assumed when nothing was known.
func ResolveTarget(p profile.Profile, flag string) (t Target, note string, err error) {
	if s := p.Server; s != nil && s.Reachable && s.Version != "" {
		if _, err := ParseVersion(s.Version); err == nil {
			fl := s.Flavor
			if fl == "" {
				fl = profile.FlavorMySQL
			}
			return Target{Flavor: fl, Version: s.Version, Source: "server"}, "", nil
		}
	}
	if flag != "" {
		t, err := ParseTarget(flag)
		return t, "", err
	}
	return DefaultTarget, "no server and no --target: advice is made for MySQL 8.4 (pass --target mariadb-10.11 or similar to change it)", nil
}
