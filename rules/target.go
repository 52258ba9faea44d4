package rules

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/probe/profile"
)

// Target is the server flavor and version advice is made for.
type Target struct {
	Flavor  string
	Version string
	Source  string // "server", "flag", "mycnf" or "default"
}

// DefaultTarget is used when neither a server nor --target nor the my.cnf
// says otherwise: MySQL 8.4, the current LTS release.
var DefaultTarget = Target{Flavor: profile.FlavorMySQL, Version: "8.4.0", Source: "default"}

// mariaDBMyCnfVersion is the version assumed for a my.cnf that shows
// MariaDB but no version: 10.11, the oldest LTS series still maintained
// (MariaDB maintenance policy), so the cnf written suits every maintained
// release.
const mariaDBMyCnfVersion = "10.11"

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

// ResolveTarget picks the target: the live server's flavor and version
// (a --target that disagrees is ignored, and the note says so), else the
// --target flag (may be ""), else the flavor the my.cnf shows, else
// DefaultTarget. The note says what was assumed or ignored.
func ResolveTarget(p profile.Profile, flag string) (t Target, note string, err error) {
	if st, ok := serverTarget(p.Server); ok {
		if ft, err := ParseTarget(flag); flag != "" && (err != nil || !ft.matches(st)) {
			note = fmt.Sprintf("--target %s ignored: the live server is %s %s", flag, st.Flavor, shortVersion(st.Version))
		}
		return st, note, nil
	}
	if flag != "" {
		t, err := ParseTarget(flag)
		return t, "", err
	}
	if mt, evidence, ok := MyCnfTarget(p.MyCnf); ok {
		return mt, fmt.Sprintf("no server and no --target: the my.cnf is for MariaDB (%s), so advice is made for MariaDB %s (pass --target to change it)",
			evidence, mt.Version), nil
	}
	return DefaultTarget, "no server and no --target: advice is made for MySQL 8.4 (pass --target mariadb-10.11 or similar to change it)", nil
}

// serverTarget is the live server's flavor and version, if it answered.
func serverTarget(s *profile.Server) (Target, bool) {
	if s == nil || !s.Reachable || s.Version == "" {
		return Target{}, false
	}
	if _, err := ParseVersion(s.Version); err != nil {
		return Target{}, false
	}
	fl := s.Flavor
	if fl == "" {
		fl = profile.FlavorMySQL
	}
	return Target{Flavor: fl, Version: shortVersion(s.Version), Source: "server"}, true
}

// matches reports whether the --target t names server s: same flavor and
// the same version as far as t spells it ("mariadb-10.11" matches 10.11.19).
func (t Target) matches(s Target) bool {
	if t.Flavor != s.Flavor {
		return false
	}
	tv, err1 := ParseVersion(t.Version)
	sv, err2 := ParseVersion(s.Version)
	if err1 != nil || err2 != nil {
		return false
	}
	n := strings.Count(strings.Trim(shortVersion(t.Version), "."), ".") + 1
	a, b := []int{tv.Major, tv.Minor, tv.Patch}, []int{sv.Major, sv.Minor, sv.Patch}
	for i := 0; i < n && i < 3; i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// shortVersion drops a version's suffix: "10.11.19-MariaDB-0+deb12u1" → "10.11.19".
func shortVersion(v string) string {
	v = strings.TrimPrefix(strings.TrimSpace(v), "5.5.5-")
	if i := strings.IndexFunc(v, func(r rune) bool { return r != '.' && (r < '0' || r > '9') }); i >= 0 {
		return v[:i]
	}
	return v
}

// mariaDBOnlyOptions are server options only MariaDB has (MariaDB KB,
// "System Variables Added in MariaDB" and each option's page; none exist
// in MySQL or Percona Server). wsrep_* is not here: Percona XtraDB Cluster
// has it too.
var mariaDBOnlyOptions = []string{
	"aria_", // the Aria engine (prefix)
	"innodb_data_file_buffering", "innodb_data_file_write_through",
	"innodb_log_file_buffering", "innodb_log_file_write_through", "innodb_snapshot_isolation",
	"innodb_use_atomic_writes", "innodb_instant_alter_column_allowed",
	"gtid_domain_id", "gtid_strict_mode", "log_basename", "use_stat_tables",
	"optimizer_use_condition_selectivity", "histogram_size", "key_cache_segments",
	"plugin_maturity", "binlog_annotate_row_events",
}

// MyCnfTarget infers the target from an offline my.cnf when it shows MariaDB
// clearly: a [mariadb], [mariadbd] or [mariadb-X.Y] group (only mariadbd
// reads them), a file under a mariadb.conf.d directory (the MariaDB
// packages' layout), or a MariaDB-only option. The version is that of a
// [mariadb-X.Y] group, else mariaDBMyCnfVersion. evidence names what
// decided it.
func MyCnfTarget(m *profile.MyCnf) (t Target, evidence string, ok bool) {
	if m == nil {
		return Target{}, "", false
	}
	version, why := mariaDBMyCnfVersion, ""
	for _, g := range m.Groups {
		g = strings.ToLower(g)
		for _, prefix := range []string{"mariadb-", "mariadbd-"} {
			if v, found := strings.CutPrefix(g, prefix); found {
				if _, err := ParseVersion(v); err == nil {
					version, why = v, "group ["+g+"]"
				}
			}
		}
		if why == "" && (g == "mariadb" || g == "mariadbd") {
			why = "group [" + g + "]"
		}
	}
	if why == "" {
		why = mariaDBFileOrOption(m)
	}
	if why == "" {
		return Target{}, "", false
	}
	return Target{Flavor: profile.FlavorMariaDB, Version: version, Source: "mycnf"}, why, true
}

// mariaDBFileOrOption names a mariadb.conf.d file or a MariaDB-only option
// of m, or "".
func mariaDBFileOrOption(m *profile.MyCnf) string {
	for _, f := range append([]string{m.Path}, m.Files...) {
		if filepath.Base(filepath.Dir(f)) == "mariadb.conf.d" {
			return "file " + f
		}
	}
	names := make([]string, 0, len(m.Variables))
	for k := range m.Variables {
		names = append(names, strings.ReplaceAll(strings.ToLower(k), "-", "_"))
	}
	sort.Strings(names)
	for _, name := range names {
		for _, opt := range mariaDBOnlyOptions {
			if name == opt || (strings.HasSuffix(opt, "_") && strings.HasPrefix(name, opt)) {
				return "MariaDB-only option " + name
			}
		}
	}
	return ""
}
