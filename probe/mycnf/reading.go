package mycnf

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// flavorGroups are the groups each server reads besides its version
// groups: mysqld reads [mysqld] [server] [mysqld-X.Y] (MySQL
// sql/mysqld.cc load_default_groups); mariadbd also reads [mariadb]
// [mariadbd] [client-server] [galera] and their -X.Y forms (MariaDB
// sql/mysqld.cc load_default_groups; `my_print_defaults --mysqld`).
var flavorGroups = map[string][]string{
	flavorMySQL:   {"mysqld", "server"},
	flavorMariaDB: {"mysqld", "server", "mariadb", "mariadbd", "client-server", "galera"},
}

// flavorVersionPrefixes are the version-group prefixes each server reads.
var flavorVersionPrefixes = map[string][]string{
	flavorMySQL:   {"mysqld-"},
	flavorMariaDB: {"mysqld-", "mariadb-", "mariadbd-"},
}

// Reading is how one server flavor reads the options.
type Reading struct {
	// Base holds the options outside version groups, in file order.
	Base Options
	// VersionGroups holds the options of each version group it reads.
	VersionGroups map[string]Options
	// Warnings are this flavor's warnings about names and values.
	Warnings []Warning
}

// ReadAs keeps the options a server of flavor ("mysql", "mariadb";
// "percona" reads as mysql) reads, resolves names and values as its
// my_getopt does, and says where that differs from the text or refuses it.
func (o Options) ReadAs(flavor string) Reading {
	if flavor != flavorMariaDB {
		flavor = flavorMySQL
	}
	r := Reading{Base: Options{Files: o.Files, Missing: o.Missing}, VersionGroups: map[string]Options{}}
	plugins := pluginPrefixes(o.List)
	skipped := map[string]bool{}
	var read []Option // every option kept, in file order: dropSuperseded
	for _, opt := range o.List {
		vg, ok := readsGroup(flavor, opt.Group)
		if !ok {
			r.noteSkippedGroup(flavor, opt, skipped)
			continue
		}
		opt, keep := r.readOption(flavor, opt, plugins, vg)
		if !keep {
			continue
		}
		read = append(read, opt)
		if vg {
			continue
		}
		r.Base.List = append(r.Base.List, opt)
		if flavor == flavorMariaDB {
			r.Base.List = append(r.Base.List, linkedExpiry(opt)...)
			read = append(read, linkedExpiry(opt)...)
		}
	}
	r.keepVersionGroups(flavor, read)
	r.checkStartup(flavor)
	r.Warnings = dedupeWarnings(r.Warnings)
	return r
}

// readOption resolves opt's name and value; false when the server skips
// it. The warnings of a line in a version group are marked with the group
// (only a server of its series reads it: QA saw two "will not start"
// findings for [mariadb-11.8] and [mysqld-8.4] lines mariadbd 10.11.19
// never reads).
func (r *Reading) readOption(flavor string, opt Option, plugins []string, vg bool) (Option, bool) {
	n := len(r.Warnings)
	defer func() {
		for i := n; vg && i < len(r.Warnings); i++ {
			r.Warnings[i].Group = opt.Group
		}
	}()
	opt, keep := r.resolveName(flavor, opt, plugins)
	if !keep {
		return opt, false
	}
	if opt = r.checkValue(flavor, opt); opt.Name == "" {
		return opt, false // the server ignores the line (checkBool)
	}
	return opt, true
}

// keepVersionGroups files the version-group options of read (every option
// kept, in file order) under their groups, leaving out each one that a
// later line the same server reads sets again: a later line of a
// [mysqld]-family group, or of a version group of the same series.
// mariadbd and mysqld read the groups in file order, not by rank, and the
// last line wins (mariadbd 10.11.19 --print-defaults of "[mariadb-10.11]
// max_connections=310" then "[mysqld] max_connections=200" lists 310 then
// 200; the server runs with 200), so VersionGroups holds only what a
// server of that series still uses when it reads the group.
func (r *Reading) keepVersionGroups(flavor string, read []Option) {
	for i, opt := range read {
		if vg, _ := readsGroup(flavor, opt.Group); !vg || setAgain(flavor, opt, read[i+1:]) {
			continue
		}
		g := r.VersionGroups[opt.Group]
		g.List = append(g.List, opt)
		r.VersionGroups[opt.Group] = g
	}
}

// setAgain reports whether one of later, read by a server of the series
// of o's version group, sets o's option again.
func setAgain(flavor string, o Option, later []Option) bool {
	series := groupSeries(o.Group)
	for _, l := range later {
		if l.Name != o.Name {
			continue
		}
		if vg, _ := readsGroup(flavor, l.Group); !vg || groupSeries(l.Group) == series {
			return true
		}
	}
	return false
}

// groupSeries is the series a version group is for: "10.11" for
// [mariadb-10.11], "" for any other group.
func groupSeries(group string) string {
	if !isVersionGroup(group) {
		return ""
	}
	return group[strings.IndexByte(group, '-')+1:]
}

// readsGroup reports whether flavor reads group, and whether it is a
// version group. Lines before any header ("") are kept: the file is
// refused for them, and the parse has said so. A version group is read
// only when it names a series X.Y: mariadbd 10.11.19 --print-defaults
// skips [mariadb-10] and [mysqld-10.11.19] (testdata/qa14/vgx.cnf), as
// the servers add only "mysqld-" MYSQL_BASE_VERSION (X.Y) to their groups.
func readsGroup(flavor, group string) (version, ok bool) {
	if group == "" || slices.Contains(flavorGroups[flavor], group) {
		return false, true
	}
	for _, p := range flavorVersionPrefixes[flavor] {
		if rest, found := strings.CutPrefix(group, p); found && isSeries(rest) {
			return true, true
		}
	}
	return false, false
}

// isSeries reports whether s is a release series, "X.Y" in digits.
func isSeries(s string) bool {
	major, minor, ok := strings.Cut(s, ".")
	return ok && allDigits(major) && allDigits(minor)
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// pluginPrefixes are the names of the plugins the options load
// (plugin_load and plugin_load_add: "name=library;library2"), whose own
// options no table lists: mariadbd names a plugin's options after the
// plugin (rpl_semi_sync_master_enabled, server_audit_logging; the MariaDB
// manual, "Plugin Overview": "plugin system variables are prefixed with
// the plugin name"). A library given without a name stands for its
// plugins by its stem less "ha_" (ha_rocksdb.so: rocksdb), or by the
// names knownPluginLibraries lists.
func pluginPrefixes(list []Option) []string {
	var out []string
	for _, o := range list {
		if !strings.HasPrefix(o.Name, "plugin_load") {
			continue
		}
		for _, item := range strings.Split(o.Value, ";") {
			name, lib, named := strings.Cut(strings.TrimSpace(item), "=")
			if named {
				out = append(out, optionName(name))
				continue
			}
			lib = strings.TrimSuffix(strings.TrimSuffix(name, ".so"), ".dll")
			if known, ok := knownPluginLibraries[lib]; ok {
				out = append(out, known...)
			} else if lib != "" {
				out = append(out, optionName(strings.TrimPrefix(lib, "ha_")))
			}
		}
	}
	return out
}

// knownPluginLibraries are libraries whose plugins are not named after
// them (MariaDB's plugin/ and storage/ sources: the maria_declare_plugin
// names in each).
var knownPluginLibraries = map[string][]string{
	"semisync_master": {"rpl_semi_sync_master"},
	"semisync_slave":  {"rpl_semi_sync_slave"},
	"sql_errlog":      {"sql_error_log"},
	"auth_pam":        {"pam"},
	"auth_pam_v1":     {"pam"},
}

// pluginOption reports whether name is an option of one of the loaded
// plugins: the plugin's name itself, or the name followed by "_".
func pluginOption(name string, plugins []string) bool {
	for _, p := range plugins {
		if name == p || strings.HasPrefix(name, p+"_") {
			return true
		}
	}
	return false
}

// optionName is how option names compare: lower case, '-' read as '_'.
func optionName(s string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "-", "_")
}

func (r *Reading) warn(flavor string, o Option, refuses bool, text string) {
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavor,
		Version: "", Refuses: refuses, Text: text})
}

// noteSkippedGroup says once per group that mysqld leaves out the options
// of a group only mariadbd reads ([mariadb], [client-server], [galera]).
func (r *Reading) noteSkippedGroup(flavor string, o Option, seen map[string]bool) {
	if flavor != flavorMySQL || seen[o.Group] {
		return
	}
	if _, maria := readsGroup(flavorMariaDB, o.Group); !maria {
		return
	}
	seen[o.Group] = true
	r.warn(flavorMySQL, o, false, fmt.Sprintf("mysqld (MySQL, Percona) does not read [%s]: %s and the rest of that group "+
		"apply only to MariaDB", o.Group, o.Raw))
}

// linkedExpiry is the other of MariaDB's two binary-log expiry options
// that setting one sets: since 10.6.1 binlog_expire_logs_seconds and
// expire_logs_days are one setting in two units (MariaDB KB,
// binlog_expire_logs_seconds; mariadbd 10.11 run on
// "binlog_expire_logs_seconds=86400 then expire_logs_days=0" shows both 0),
// so whichever comes last wins for both. nil for any other option or a
// value that is not a number (its own check warns).
func linkedExpiry(o Option) []Option {
	v, err := strconv.ParseFloat(strings.TrimSpace(o.Value), 64)
	if err != nil || v < 0 {
		return nil
	}
	other := o
	switch o.Name {
	case "binlog_expire_logs_seconds":
		other.Name, other.Value = "expire_logs_days", strconv.FormatFloat(v/86400, 'f', -1, 64)
	case "expire_logs_days":
		other.Name, other.Value = "binlog_expire_logs_seconds", strconv.FormatFloat(math.Round(v*86400), 'f', -1, 64)
	default:
		return nil
	}
	other.RawValue = other.Value
	return []Option{other}
}
