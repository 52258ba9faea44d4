package rules

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// mariaDBMyCnfVersion is the version assumed for a my.cnf that shows
// MariaDB but no version: 10.11, the oldest LTS series still maintained
// (MariaDB maintenance policy), so the cnf written suits every maintained
// release.
const mariaDBMyCnfVersion = "10.11"

// mariaDBOnlyGroups are option groups only mariadbd reads (MariaDB KB,
// "Configuring MariaDB with Option Files", server option groups; mysqld's
// load_default_groups is {"mysqld", "server", "mysqld-X.Y"} only, MySQL
// source sql/mysqld.cc; MySQL clients read [client] and their own).
// [client-server] is read by MariaDB's server and clients. [galera] is read by MariaDB builds with wsrep
// (Debian's, MariaDB's own packages).
var mariaDBOnlyGroups = map[string]bool{"mariadb": true, "mariadbd": true, "galera": true,
	"client-server": true, "client-mariadb": true, "mariadb-client": true}

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

// isMariaDBMajor tells a MariaDB major version from a MySQL one: MariaDB
// numbers its series 10.x, 11.x, 12.x; MySQL has 5.x, 8.x, 9.x and, since
// its calendar numbering, 26.x and later (MySQL 26.7.0 capture in testdata).
func isMariaDBMajor(major int) bool { return major >= 10 && major < 20 }

// headerVersion reads the version of a version group header: "mariadb-10.5"
// → mariadb 10.5, "mysqld-8.4" → mysql 8.4, "mysqld-10.11" → mariadb 10.11
// (mariadbd reads [mysqld-X.Y] of its own version too).
func headerVersion(h string) (flavor, version string, ok bool) {
	for _, prefix := range []string{"mariadb-", "mariadbd-", "mysqld-"} {
		v, found := strings.CutPrefix(h, prefix)
		if !found {
			continue
		}
		pv, err := profile.ParseVersionStrict(v)
		if err != nil {
			return "", "", false
		}
		if prefix != "mysqld-" || isMariaDBMajor(pv.Major) {
			return profile.FlavorMariaDB, v, true
		}
		return profile.FlavorMySQL, v, true
	}
	return "", "", false
}

// MyCnfTarget infers the target from an offline my.cnf: a MariaDB-only
// group header ([mariadb], [mariadbd], [galera], [mariadb-X.Y]) even when
// the group is empty, a [mysqld-X.Y] header (X.Y a MariaDB or a MySQL
// series), a file under a mariadb.conf.d directory (the MariaDB packages'
// layout), or a MariaDB-only option. MariaDB evidence wins over a MySQL
// version group. evidence names what decided it.
func MyCnfTarget(m *profile.MyCnf) (t profile.Target, evidence string, ok bool) {
	if m == nil {
		return profile.Target{}, "", false
	}
	headers := m.Headers
	if len(headers) == 0 {
		headers = m.Groups // profiles saved before headers were recorded
	}
	var mariaWhy, mysqlWhy []string
	mariaVers, mysqlVers := map[string]bool{}, map[string]bool{}
	for _, h := range headers {
		h = strings.ToLower(h)
		if fl, v, ok := headerVersion(h); ok {
			if fl == profile.FlavorMariaDB {
				mariaVers[v] = true
				mariaWhy = append(mariaWhy, "["+h+"]")
			} else {
				mysqlVers[v] = true
				mysqlWhy = append(mysqlWhy, "["+h+"]")
			}
			continue
		}
		if mariaDBOnlyGroups[h] {
			mariaWhy = append(mariaWhy, "["+h+"]")
		}
	}
	where := " in " + m.Path
	if len(m.Files) > 1 {
		where += " or a file it includes"
	}
	if len(mariaWhy) > 0 {
		return mariaTarget(mariaVers), "group " + strings.Join(mariaWhy, " ") + where, true
	}
	if why := mariaDBFileOrOption(m); why != "" {
		return mariaTarget(nil), why, true
	}
	if len(mysqlVers) == 1 {
		for v := range mysqlVers {
			return profile.Target{Flavor: profile.FlavorMySQL, Version: v, Source: profile.SourceMyCnf},
				"group " + strings.Join(mysqlWhy, " ") + where + " (only MySQL and Percona Server " + v + " read it)", true
		}
	}
	if len(m.MySQLOnly) > 0 && len(mysqlVers) == 0 {
		v, why := mysqlSeries(m)
		return profile.Target{Flavor: profile.FlavorMySQL, Version: v, Source: profile.SourceMyCnf},
			"options only MySQL has: " + listSome(m.MySQLOnly, 3) + where + "; " + why, true
	}
	return profile.Target{}, "", false
}

// mysqlMyCnfVersion is the MySQL series assumed for a my.cnf with
// MySQL-only options and no version group: 8.4, the LTS series (MySQL
// release model; 8.0 reached its end of life in April 2026).
const mysqlMyCnfVersion = "8.4"

// mysqlSeries is the MySQL version a file with MySQL-only options was
// written for: mysqlMyCnfVersion, unless it sets an option 8.4 removed
// (a refusing warning From 8.4): then 8.0, raised to the first 8.0
// release that has every option it sets (innodb_redo_log_capacity:
// 8.0.30, the Before of its warning).
func mysqlSeries(m *profile.MyCnf) (version, why string) {
	removed, need := "", profile.Version{Major: 8}
	for _, w := range m.Warnings {
		if w.Flavor != profile.FlavorMySQL || !w.Refuses {
			continue
		}
		if w.From == mysqlMyCnfVersion && removed == "" {
			removed = w.Where
		}
		if b, ok := profile.ParseVersion(w.Before); ok && b.Major == 8 && b.Minor == 0 && need.Less(b) {
			need = b
		}
	}
	if removed == "" {
		return mysqlMyCnfVersion, "version assumed: MySQL " + mysqlMyCnfVersion + ", the LTS series"
	}
	v := "8.0"
	if need.Patch > 0 {
		v = fmt.Sprintf("8.0.%d", need.Patch)
	}
	return v, "MySQL " + v + " assumed: " + removed + " sets an option MySQL 8.4 removed"
}

// listSome joins the first n names, "…" for the rest.
func listSome(names []string, n int) string {
	if len(names) > n {
		return strings.Join(names[:n], ", ") + ", …"
	}
	return strings.Join(names, ", ")
}

// mariaTarget is MariaDB of the one version its version groups name, else
// mariaDBMyCnfVersion.
func mariaTarget(vers map[string]bool) profile.Target {
	v := mariaDBMyCnfVersion
	if len(vers) == 1 {
		for only := range vers {
			v = only
		}
	}
	return profile.Target{Flavor: profile.FlavorMariaDB, Version: v, Source: profile.SourceMyCnf}
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
				return fmt.Sprintf("MariaDB-only option %s in %s", name, m.Path)
			}
		}
	}
	return ""
}
