package profile

import (
	"fmt"
	"regexp"
	"strings"
)

// Target is the server flavor and version advice is made for: resolved by
// the rules (rules.ResolveTarget), judged with by the advisor and its
// thread sizing, printed by the renderers. Its JSON encoding is the advice
// document's "target" (CONTRACT.md, "JSON: advice"): fields may be added,
// never renamed.
type Target struct {
	Flavor  string `json:"flavor"`  // FlavorMySQL, FlavorMariaDB, FlavorPercona; "" when unknown
	Version string `json:"version"` // "8.4", "8.0.36", "10.11.6"; "" when unknown
	// Source says where it came from: SourceServer, SourceFlag,
	// SourceInstalled, SourceMyCnf or SourceUnknown (then Flavor and
	// Version are "" and the cnf puts each server's lines in groups only
	// that server reads); SourceDefault when a caller assumed it.
	Source string `json:"source"`
	// Reason says why, with the evidence ("installed /usr/sbin/mariadbd
	// 10.11.19-MariaDB-0+deb12u1", "group [galera] in /etc/my.cnf"); the
	// report prints it.
	Reason string `json:"reason"`
}

// Target sources, in the order rules.ResolveTarget tries them.
const (
	SourceServer    = "server"
	SourceFlag      = "flag"
	SourceInstalled = "installed"
	SourceMyCnf     = "mycnf"
	// SourceUnknown: nothing said which server; Flavor and Version are
	// empty and the advice is written for every rules.PortableGroups server.
	SourceUnknown = "unknown"
	// SourceDefault: a caller assumed the target rather than knowing it
	// (the thread sizing then offers nothing that needs a known version).
	SourceDefault = "default"
)

// Unknown reports whether nothing named the target.
func (t Target) Unknown() bool { return t.Source == SourceUnknown }

// IsMariaDB reports whether the target is MariaDB, by flavor or by a
// version string such as "10.11.19-MariaDB".
func (t Target) IsMariaDB() bool {
	return t.Flavor == FlavorMariaDB || strings.Contains(strings.ToLower(t.Version), "mariadb")
}

// targetVersion is the version a --target names: X.Y or X.Y.Z, nothing
// after it (a server's "-log" or "-MariaDB" suffix is for reports, not
// for a flag).
var targetVersion = regexp.MustCompile(`^[0-9]+\.[0-9]+(\.[0-9]+)?$`)

// ParseTarget parses a --target value such as "mysql-8.4", "mariadb-10.11"
// or "percona-8.0.36": a flavor, and a version that flavor released.
func ParseTarget(s string) (Target, error) {
	flavor, ver, ok := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "-")
	switch flavor {
	case FlavorMySQL, FlavorMariaDB, FlavorPercona:
	default:
		ok = false
	}
	if !ok {
		return Target{}, fmt.Errorf("target %q: want FLAVOR-VERSION with flavor mysql, mariadb or percona (e.g. mysql-8.4, mariadb-10.11)", s)
	}
	v, err := ParseVersionStrict(ver)
	if err == nil && !targetVersion.MatchString(ver) {
		err = fmt.Errorf("version %q: want X.Y or X.Y.Z, digits only", ver)
	}
	if err == nil {
		err = checkReleased(flavor, v)
	}
	if err != nil {
		return Target{}, fmt.Errorf("target %q: %w", s, err)
	}
	return Target{Flavor: flavor, Version: ver, Source: SourceFlag, Reason: "--target " + s}, nil
}
