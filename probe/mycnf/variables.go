package mycnf

import (
	"reflect"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ServerGroups are the groups mariadbd reads, a superset of what mysqld
// reads (MySQL manual, "Using Option Files"; MariaDB KB, "Configuring
// MariaDB with Option Files"; `my_print_defaults --mysqld`). Version
// groups such as mysqld-8.0 or mariadb-10.11 are matched by
// ServerGroupsFor; ReadAs keeps what each flavor reads.
var ServerGroups = []string{"mysqld", "server", "mariadb", "mariadbd", "client-server", "galera"}

// ClientGroups are the groups the mysql and mariadb clients read, in file
// order (mariadb 10.11.19 --defaults-file=F --print-defaults lists
// [client] [mysql] [client-server] [client-mariadb] [mariadb-client]; the
// MySQL client reads the first two, and Debian 12's /etc/mysql/my.cnf puts
// the socket in [client-server]).
var ClientGroups = []string{"client", "mysql", "client-server", "client-mariadb", "mariadb-client"}

// ServerGroupsFor adds the version groups ("mysqld-8.0", "mariadb-10.11",
// "mariadbd-10.11") for a server version "major.minor".
func ServerGroupsFor(majorMinor string) []string {
	g := append([]string(nil), ServerGroups...)
	if majorMinor != "" {
		g = append(g, "mysqld-"+majorMinor, "mariadb-"+majorMinor, "mariadbd-"+majorMinor)
	}
	return g
}

// enablingOptions are options that take a file name but whose presence
// turns a boolean variable on, whatever the name (OFF and 0 included:
// checkEnabling); skip- turns it off. log-bin=NAME shows as log_bin=ON with
// log_bin_basename=NAME in SHOW VARIABLES (MySQL manual, "Binary Logging
// Options and Variables").
var enablingOptions = map[string]string{
	"log_bin":          "log_bin_basename",
	"log_slow_queries": "slow_query_log_file",
}

// Variables turns options into the map profile.MyCnf holds: last one
// wins (plugin_load_add's lines are joined with ";"), bare options become "ON", sizes are kept raw (consumers parse
// them with profile.ParseSize/ParseBool), credentials are Masked.
func (o Options) Variables() map[string]string {
	vars := make(map[string]string, len(o.List))
	for _, opt := range o.List {
		val := opt.Value
		if !opt.HasValue {
			val = "ON"
		}
		if file, ok := enablingOptions[opt.Name]; ok {
			switch {
			case opt.Prefix == "skip" || opt.Prefix == "disable":
				val = "OFF"
			case opt.HasValue && opt.Prefix == "" && val != "":
				vars[file] = val // any value is the file name, OFF included (checkEnabling)
				val = "ON"
			default:
				val = "ON"
			}
		}
		if isSecret(opt.Name) {
			val = Masked
		}
		if prev := vars[opt.Name]; opt.Name == "plugin_load_add" && prev != "" && val != "" {
			val = prev + ";" + val // each line adds to the list (MariaDB KB, --plugin-load-add: "can be specified many times")
		}
		vars[opt.Name] = val
	}
	return vars
}

// ReadMyCnf parses a server option file into a profile.MyCnf: Variables
// and VersionGroups as mariadbd reads it, MySQL as mysqld (MySQL,
// Percona) reads it when that differs, and the warnings of both. Only an
// unreadable file is an error; what a server would refuse is a warning.
func ReadMyCnf(path string) (*profile.MyCnf, error) {
	opts, err := Parse(path, nil)
	if err != nil {
		return nil, err
	}
	maria, my := opts.ReadAs(flavorMariaDB), opts.ReadAs(flavorMySQL)
	mc := &profile.MyCnf{Path: path, Files: opts.Files, Variables: maria.Base.Variables(),
		Groups: opts.ServerOnly().Groups(), VersionGroups: maria.versionVariables(), Headers: opts.Headers,
		MySQLOnly: opts.MySQLOnly()}
	view := profile.MyCnfView{Variables: my.Base.Variables(), VersionGroups: my.versionVariables()}
	if !reflect.DeepEqual(view.Variables, mc.Variables) || !reflect.DeepEqual(view.VersionGroups, mc.VersionGroups) {
		mc.MySQL = &view
	}
	ws := append(append(append(opts.Warnings, multiGroupWarnings(opts.List)...), maria.Warnings...), my.Warnings...)
	for _, w := range dedupeWarnings(ws) {
		mc.Warnings = append(mc.Warnings, profile.MyCnfWarning{Where: w.Where(), Flavor: w.Flavor,
			Version: w.Version, From: w.From, Before: w.Before, Group: w.Group, Refuses: w.Refuses, Text: w.Text})
	}
	return mc, nil
}

// versionVariables is the variables of each version group, nil if none.
func (r Reading) versionVariables() map[string]map[string]string {
	if len(r.VersionGroups) == 0 {
		return nil
	}
	out := make(map[string]map[string]string, len(r.VersionGroups))
	for name, g := range r.VersionGroups {
		out[name] = g.Variables()
	}
	return out
}

// Groups lists the option groups the options came from, in the order first
// seen, without the headerless "" (the rules infer the flavor from them:
// [mariadb], [mariadb-10.11]).
func (o Options) Groups() []string {
	seen := map[string]bool{}
	var out []string
	for _, opt := range o.List {
		if opt.Group != "" && !seen[opt.Group] {
			seen[opt.Group] = true
			out = append(out, opt.Group)
		}
	}
	return out
}

// ServerOnly keeps the options of the server groups, of any
// version-suffixed server group and of headerless lines.
func (o Options) ServerOnly() Options {
	keep := make(map[string]bool, len(ServerGroups))
	for _, g := range ServerGroups {
		keep[g] = true
	}
	out := Options{Files: o.Files, Missing: o.Missing, Headers: o.Headers}
	for _, opt := range o.List {
		if opt.Group == "" || keep[opt.Group] || isVersionGroup(opt.Group) {
			out.List = append(out.List, opt)
		}
	}
	return out
}

// Sources maps each variable to the file:line that set it last.
func (o Options) Sources() map[string]string {
	src := make(map[string]string, len(o.List))
	for _, opt := range o.List {
		src[opt.Name] = opt.Where()
	}
	return src
}

// isVersionGroup is true for a version-suffixed server group such as
// "mysqld-8.0" or "mariadb-10.11".
func isVersionGroup(g string) bool {
	for _, p := range []string{"mysqld-", "mariadb-", "mariadbd-"} {
		if rest, ok := strings.CutPrefix(g, p); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return true
		}
	}
	return false
}
