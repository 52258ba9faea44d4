package profile

import (
	"fmt"
	"strings"
)

// MyCnfView is one server flavor's reading of a my.cnf.
type MyCnfView struct {
	Variables     map[string]string            `json:"variables"`
	VersionGroups map[string]map[string]string `json:"version_groups"`
}

// MyCnfWarning is a place where a server reads the my.cnf otherwise than
// it looks ("1GB" is 1G, a relative !include is taken from the server's
// working directory), or refuses to start on it.
type MyCnfWarning struct {
	Where string `json:"where"` // file:line, or the file
	// Flavor is the server it holds for: FlavorMySQL (MySQL and Percona),
	// FlavorMariaDB, or "" for every server.
	Flavor string `json:"flavor,omitempty"`
	// Version is the series the check was made against ("10.11"), "" for all.
	Version string `json:"version,omitempty"`
	// From is the first series it holds for ("8.0": MySQL 8.0 and every
	// later series), "" when not bounded below.
	From string `json:"from,omitempty"`
	// Before is the first version it no longer holds for ("8.0.30": only
	// servers older than that), "" when not bounded above. A warning
	// bounded above holds for no server of unknown version.
	Before string `json:"before,omitempty"`
	// Group is the version group the line is in ("mariadb-11.8"): it
	// holds only for a server of that series, and for no server of unknown
	// version. "" for a line of any other group.
	Group string `json:"group,omitempty"`
	// Refuses is true when that server would not start on the file.
	Refuses bool   `json:"refuses,omitempty"`
	Text    string `json:"text"`
}

// For returns the variables and version groups a server of flavor reads:
// the MySQL view for MySQL and Percona when there is one, else Variables.
func (m *MyCnf) For(flavor string) (map[string]string, map[string]map[string]string) {
	if m == nil {
		return nil, nil
	}
	if flavor != FlavorMariaDB && m.MySQL != nil {
		return m.MySQL.Variables, m.MySQL.VersionGroups
	}
	return m.Variables, m.VersionGroups
}

// Effective returns the variables a server of flavor and series ("10.11",
// "8.0"; "" for none) reads from the file: the base variables with that
// series' version groups ([mysqld-8.0], [mariadb-10.11], [mariadbd-10.11])
// laid over them (MySQL manual, "Using Option Files": a [mysqld-X.Y] group
// is read only by servers of release series X.Y). A version group holds
// only what no later line of the file sets again (probe/mycnf
// keepVersionGroups: the servers read groups in file order), so the order
// the groups are laid in does not matter.
func (m *MyCnf) Effective(flavor, series string) map[string]string {
	base, groups := m.For(flavor)
	out := make(map[string]string, len(base))
	for k, v := range base {
		out[k] = v
	}
	for name, g := range groups {
		if i := strings.IndexByte(name, '-'); series == "" || i < 0 || name[i+1:] != series {
			continue
		}
		for k, v := range g {
			out[k] = v
		}
	}
	return out
}

// AppliesTo reports whether the warning holds for a server of flavor
// (Percona reads as MySQL) and version ("10.11.19", "" when unknown).
func (w MyCnfWarning) AppliesTo(flavor, version string) bool {
	if flavor == FlavorPercona {
		flavor = FlavorMySQL
	}
	if w.Flavor != "" && w.Flavor != flavor {
		return false
	}
	if version == "" {
		return w.Before == "" && w.Group == ""
	}
	if !w.inGroupOf(version) {
		return false
	}
	if w.Before != "" {
		before, ok1 := ParseVersion(w.Before)
		v, ok2 := ParseVersion(version)
		if ok1 && ok2 && !v.Less(before) {
			return false
		}
	}
	if w.From != "" {
		from, ok1 := ParseVersion(w.From)
		v, ok2 := ParseVersion(version)
		if ok1 && ok2 && v.Less(from) {
			return false
		}
	}
	if w.Version == "" {
		return true
	}
	return version == w.Version || len(version) > len(w.Version) && version[:len(w.Version)] == w.Version &&
		version[len(w.Version)] == '.'
}

// MyCnfPlacement is what decides where the advised fragment can go so that
// the server reads it and nothing read after it overrides it.
type MyCnfPlacement struct {
	// ConfDir is the directory the file sits in when that is an option
	// directory (its name ends in ".d": Debian's /etc/mysql/conf.d and
	// mariadb.conf.d, RHEL's /etc/my.cnf.d), read with !includedir: its
	// .cnf files are read one after another, so one appended to is not the
	// last one read.
	ConfDir string `json:"conf_dir,omitempty"`
	// Later are the .cnf files of ConfDir whose names sort after the file:
	// mariadbd reads them after it, and their values win.
	Later []string `json:"later,omitempty"`
	// WorldWritable is true when the file is world-writable: mysqld and
	// mariadbd ignore it ("World-writable config file is ignored").
	WorldWritable bool `json:"world_writable,omitempty"`
}

// inGroupOf reports whether a server of version reads the version group
// the warning is in (true when it is in none): the group's suffix is the
// version's major.minor ([mariadb-10.11] for 10.11.19).
func (w MyCnfWarning) inGroupOf(version string) bool {
	if w.Group == "" {
		return true
	}
	i := strings.IndexByte(w.Group, '-')
	v, ok := ParseVersion(version)
	return ok && i >= 0 && w.Group[i+1:] == fmt.Sprintf("%d.%d", v.Major, v.Minor)
}
