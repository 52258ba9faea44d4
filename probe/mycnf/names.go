package mycnf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// resolveName checks an option's name as flavor's my_getopt finds it.
// MySQL 8 compares names case-sensitively and takes no abbreviation
// (mysys/my_getopt.cc findopt: exact match only); mariadbd 10.11 ignores
// case and takes a unique prefix of a full name ("Using unique option
// prefix ... is error-prone", mysys/my_getopt.c findopt). An unknown name
// stops the server unless it is loose- (or named after a plugin the file
// loads: plugins). keep is false when the server does not apply the option.
func (r *Reading) resolveName(flavor string, o Option, plugins []string) (Option, bool) {
	if strings.ContainsAny(o.Name, ".") {
		return o, true
	}
	if o.Prefix == "maximum" {
		return r.resolveMaximum(flavor, o)
	}
	if flavor == flavorMySQL {
		return r.resolveMySQL(o, plugins)
	}
	if kind := optionKind(flavorMariaDB, o.Name); kind != "" {
		r.noteIgnored(o, kind)
		return o, true
	}
	if m := prefixMatches(flavorMariaDB, o.Name); len(m) == 1 {
		r.warn(flavorMariaDB, o, false, fmt.Sprintf("%q is not a full option name: mariadbd reads it as the only option "+
			"it begins, %s (and warns that prefixes are error-prone); write %s", o.Raw, m[0], m[0]))
		o.Name = m[0]
		return o, true
	} else if len(m) > 1 {
		return r.ambiguous(o, m), true
	}
	if o.Loose {
		return o, false // ignored with a warning by the server
	}
	text := fmt.Sprintf("mariadbd %s does not know the option %q: it refuses to start (\"unknown variable\"); "+
		"remove it, or write loose-%s so that servers without it skip it", tableVersion[flavorMariaDB], o.Raw, o.Raw)
	plugin := pluginOption(o.Name, plugins)
	if plugin {
		text = fmt.Sprintf("mariadbd %s has no option %q of its own: unless the plugin the file loads under that name defines it, "+
			"it refuses to start (\"unknown variable\"); write loose-%s to be safe", tableVersion[flavorMariaDB], o.Raw, o.Raw)
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMariaDB,
		Version: tableVersion[flavorMariaDB], Refuses: !plugin, Text: text})
	return o, true
}

// ignoredOptions says why mariadbd accepts an option of a kind that does
// nothing: the warning it logs for it (MariaDB sql/mysqld.cc, seen with
// mariadbd 10.11.19; options/mariadb-10.11.txt).
var ignoredOptions = map[string]string{
	"removed": "the option was removed and exists only for compatibility with old my.cnf files (\"was removed. It does nothing now\")",
	"compat":  "it is a MySQL 5.6/5.7 option MariaDB accepts for compatibility only (\"is MySQL 5.6 / 5.7 compatible option\")",
}

// noteIgnored says that mariadbd starts with an option of a kind that does
// nothing, and ignores it with a warning: not a refusal (QA: removed.cnf's
// innodb_lock_schedule_algorithm and innodb_scrub_log were called
// "will not start"; mariadbd 10.11.19 starts on them).
func (r *Reading) noteIgnored(o Option, kind string) {
	why, ok := ignoredOptions[kind]
	if !ok {
		return
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMariaDB,
		Version: tableVersion[flavorMariaDB], Text: fmt.Sprintf("mariadbd %s starts but ignores %q: %s; remove the line",
			tableVersion[flavorMariaDB], o.Raw, why)})
}

// ambiguous handles a name that begins several options: mariadbd 10.11
// refuses it ("ambiguous option"; for a plugin's option it disables the
// plugin), except that it reads any beginning of max_connections as
// max_connections (seen with mariadbd 10.11.19: max_co=5 is accepted).
func (r *Reading) ambiguous(o Option, m []string) Option {
	if strings.HasPrefix("max_connections", o.Name) {
		r.warn(flavorMariaDB, o, false, fmt.Sprintf("%q is not a full option name: mariadbd 10.11 reads it as "+
			"max_connections; write max_connections", o.Raw))
		o.Name = "max_connections"
		return o
	}
	if len(m) > 3 {
		m = append(m[:3:3], "…")
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMariaDB,
		Version: tableVersion[flavorMariaDB], Refuses: true,
		Text: fmt.Sprintf("%q begins several options (%s): %s (\"ambiguous option\"); write the full name",
			o.Raw, strings.Join(m, ", "), refusal(flavorMariaDB, o.Name))})
	return o
}

// resolveMySQL applies MySQL's exact, case-sensitive name match. Its
// table lists system variables only, so a name missing from it may still
// be an option; only an upper-case letter or a strict prefix of a known
// variable is certain to be refused.
func (r *Reading) resolveMySQL(o Option, plugins []string) (Option, bool) {
	r.checkRemoved80(o)
	r.checkRemoved84(o)
	r.checkRemoved97(o)
	r.checkAddedMySQL(o)
	bare := strings.ToLower(o.Raw)
	if bare != o.Raw {
		if o.Loose {
			r.warn(flavorMySQL, o, false, fmt.Sprintf("mysqld (MySQL, Percona) matches option names case-sensitively: "+
				"it ignores %q (loose-); write it in lower case", o.Raw))
			return o, false
		}
		r.warn(flavorMySQL, o, true, fmt.Sprintf("mysqld (MySQL, Percona) matches option names case-sensitively: "+
			"it refuses to start on %q (\"unknown variable\"); write it in lower case", o.Raw))
		return o, true
	}
	if optionKind(flavorMySQL, o.Name) != "" || optionKind(flavorMariaDB, o.Name) != "" {
		return o, true
	}
	if mysqlPluginOptions[o.Name] || slices.Contains(plugins, o.Name) {
		return o, true // a plugin's own load option (--NAME[=ON|OFF|FORCE]), not an abbreviation
	}
	if m := prefixMatches(flavorMySQL, o.Name); len(m) > 0 && !o.Loose {
		r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMySQL,
			Version: tableVersion[flavorMySQL], Refuses: true,
			Text: fmt.Sprintf("MySQL 8 takes no abbreviated option names: it refuses to start on %q "+
				"(\"unknown variable\"); write the full name, e.g. %s", o.Raw, m[0])})
	}
	return o, true
}

// mysqlPluginOptions are the plugins a MySQL 8.0-8.4 server has built in
// or bundled (SHOW PLUGINS of a community build): each plugin NAME takes
// --NAME[=ON|OFF|FORCE|FORCE_PLUS_PERMANENT] and skip-NAME (MySQL manual,
// "Controlling Plugin Activation State"; 8.4: mysql_native_password is
// enabled with --mysql-native-password=ON, "Native Pluggable
// Authentication"; "Disabling X Plugin": mysqlx=0 or --skip-mysqlx).
// Several are also the start of variable names (mysqlx_port), which the
// abbreviation check must not take them for.
var mysqlPluginOptions = map[string]bool{
	"mysql_native_password": true, "sha256_password": true, "caching_sha2_password": true,
	"sha2_cache_cleaner": true, "daemon_keyring_proxy_plugin": true, "mysqlx": true, "mysqlx_cache_cleaner": true,
	"federated": true, "archive": true, "blackhole": true, "ngram": true, "temptable": true, "csv": true,
	"memory": true, "myisam": true, "mrg_myisam": true, "innodb": true, "binlog": true, "performance_schema": true,
	"ndbcluster": true, "ndbinfo": true,
}

// checkValue reads the value as flavor's my_getopt would for the
// option's type, rewriting it to what the server uses ("1GB" → "1G",
// "yes" → "OFF" for a boolean) and warning where that differs or the
// server refuses it. MySQL's table is SHOW VARIABLES, which shows enums
// such as gtid_mode as OFF, so booleans are checked only where mariadbd
// agrees the option is one.
func (r *Reading) checkValue(flavor string, o Option) Option {
	r.checkEnabling(flavor, o)
	if flavor == flavorMariaDB {
		r.checkCollation(o)
	}
	kind := optionKind(flavorMariaDB, o.Name)
	if flavor == flavorMySQL {
		kind = mysqlKind(o.Name, kind)
	}
	switch kind {
	case "str", "numopt", "num":
		if o.Prefix == "skip" || o.Prefix == "disable" || o.Prefix == "enable" {
			// my_getopt hands the option the string "0" or "1".
			o.Value = map[string]string{"ON": "1", "OFF": "0"}[o.Value]
			return o
		}
	}
	switch kind {
	case "num", "numopt", "snum":
		return r.checkNumber(flavor, kind, o)
	case "bool":
		return r.checkBool(flavor, o)
	}
	return r.checkEnum(flavor, o)
}

// checkEnabling warns where an option that takes a file name is given
// OFF or 0 as if it were a switch: log_bin=OFF turns the binary log on,
// its files named OFF.000001 and on (mariadbd 10.11.19 with log_bin=OFF:
// @@log_bin 1, @@log_bin_basename …/OFF); skip- turns it off.
func (r *Reading) checkEnabling(flavor string, o Option) {
	if _, ok := enablingOptions[o.Name]; !ok || o.Prefix != "" || !o.HasValue {
		return
	}
	if on, err := profile.ParseBool(o.Value); err == nil && !on {
		r.warn(flavor, o, false, fmt.Sprintf("%s = %s does not turn %s off: the value is a file name, so the server "+
			"turns it ON and names its files %s; write skip-%s to turn it off", o.Raw, o.Value, o.Name, o.Value,
			strings.ReplaceAll(o.Name, "_", "-")))
	}
}

// mysqlKind is the kind MySQL's table gives name where mariadbd's kind
// (maria) does not contradict it: a boolean only where both agree, an
// integer needing a value only where both say so.
func mysqlKind(name, maria string) string {
	switch my := optionKind(flavorMySQL, name); {
	case my == "bool" && maria == "bool":
		return "bool"
	case my == "num" && maria == "num":
		return "num"
	case my == "num" && (maria == "" || maria == "numopt"):
		return "numopt"
	}
	return ""
}

// checkNumber applies eval_num_suffix to an integer option.
func (r *Reading) checkNumber(flavor, kind string, o Option) Option {
	switch {
	case o.Prefix != "":
		return o
	case !o.HasValue:
		if kind == "num" {
			r.warn(flavor, o, true, fmt.Sprintf("%s needs a value: %s (\"requires an argument\")", o.Raw, refusal(flavor, o.Name)))
		}
		return o
	case o.Value == "":
		if flavor == flavorMySQL {
			r.warn(flavor, o, true, fmt.Sprintf("%s has an empty value: MySQL 8 refuses to start (\"Empty value for\"); give a number or remove the line", o.Raw))
		} else {
			r.warn(flavor, o, false, fmt.Sprintf("%s has an empty value: mariadbd reads 0 and raises it to the option's minimum; give a number or remove the line", o.Raw))
		}
		return o
	}
	if kind != "snum" && strings.HasPrefix(strings.TrimLeft(o.Value, " \t"), "-") {
		if flavor == flavorMariaDB && !o.Loose {
			r.warn(flavor, o, true, fmt.Sprintf("%s = %s: %s (\"Incorrect unsigned value\"); the option cannot be negative",
				o.Raw, o.RawValue, refusal(flavor, o.Name)))
		} else {
			r.warn(flavor, o, false, fmt.Sprintf("%s = %s: the option cannot be negative; %s raises it to its minimum",
				o.Raw, o.RawValue, server(flavor)))
		}
		if flavor == flavorMariaDB && o.Loose {
			o.Value = "0" // a loose- option's bad value is read as 0, then raised
		}
		return o
	}
	canon, bad, ok := serverNumber(o.Value)
	if !ok && o.Loose {
		r.warn(flavor, o, false, fmt.Sprintf("%s = %s: %s logs \"Unknown suffix '%c'\" and, as the option is loose-, "+
			"starts with 0 raised to the option's minimum instead; write a whole number with at most one K, M, G, T, P or E",
			o.Raw, o.RawValue, server(flavor), bad))
		o.Value = "0"
		return o
	}
	if !ok {
		r.warn(flavor, o, true, fmt.Sprintf("%s = %s: %s (\"Unknown suffix '%c'\"); write a whole number with at most "+
			"one K, M, G, T, P or E", o.Raw, o.RawValue, refusal(flavor, o.Name), bad))
		return o
	}
	if digits := strings.TrimLeft(strings.TrimRight(canon, "KMGTPEkmgtpe"), "+-"); !fitsUint64(digits) {
		r.warn(flavor, o, true, fmt.Sprintf("%s = %s: %s (\"Integer value out of range for uint64\"); write a number "+
			"the option can hold", o.Raw, o.RawValue, refusal(flavor, o.Name)))
		return o
	}
	if canon != o.Value {
		r.warn(flavor, o, false, readAsText(flavor, o, canon))
		o.Value = canon
	}
	return o
}

// readAsText says how the server reads a number with more after its
// suffix letter. A value in scientific notation (1e3) is the usual case:
// the server reads 1 with the E (exa, 2^60) suffix and ignores the 3, so
// it gets the option's maximum, not a thousand.
func readAsText(flavor string, o Option, canon string) string {
	if m, e, ok := strings.Cut(strings.ToLower(strings.TrimSpace(o.Value)), "e"); ok && fitsUint64(m) && fitsUint64(e) && len(e) < 4 {
		return fmt.Sprintf("%s = %s is not scientific notation to %s: it reads %s (%s × 2^60) and ignores the rest, then "+
			"holds that to the option's maximum; write the number out in digits", o.Raw, o.RawValue, server(flavor), canon, m)
	}
	return fmt.Sprintf("%s = %s is read as %s: %s takes only the first letter after the number "+
		"and ignores the rest; write %s", o.Raw, o.RawValue, canon, server(flavor), canon)
}

// fitsUint64 reports whether a run of decimal digits fits the unsigned
// 64-bit integer my_getopt reads it into (strtoull; beyond it mariadbd
// says "Integer value out of range for uint64" and refuses the option).
func fitsUint64(digits string) bool {
	if digits == "" {
		return false
	}
	_, err := strconv.ParseUint(digits, 10, 64)
	return err == nil
}

// checkBool applies get_bool_argument: an unknown word is OFF; except
// that mariadbd ignores an InnoDB option's line instead and keeps its
// default ("ignoring option '--innodb-file-per-table' due to invalid
// value 'no'", mariadbd 10.11.19; an Aria or server boolean is "Set to
// OFF"), marked by an empty Name, which ReadAs drops.
func (r *Reading) checkBool(flavor string, o Option) Option {
	if !o.HasValue || o.Prefix != "" || boolWord(o.Value) {
		return o
	}
	if flavor == flavorMariaDB && strings.HasPrefix(o.Name, "innodb_") {
		r.warn(flavor, o, false, fmt.Sprintf("%s = %s is ignored: mariadbd knows only ON/OFF, 1/0 and TRUE/FALSE, and for "+
			"an InnoDB option it skips the line (\"ignoring option '--%s' due to invalid value '%s'\") and keeps the "+
			"default; write ON or OFF", o.Raw, o.RawValue, strings.ReplaceAll(o.Name, "_", "-"), o.RawValue))
		o.Name = ""
		return o
	}
	r.warn(flavor, o, false, fmt.Sprintf("%s = %s is read as OFF: %s knows only ON/OFF, 1/0 and TRUE/FALSE "+
		"(\"boolean value '%s' wasn't recognized. Set to OFF.\"); write ON or OFF", o.Raw, o.RawValue, server(flavor), o.RawValue))
	o.Value = "OFF"
	return o
}

// refusal says how a bad value stops the server: an InnoDB option makes
// mariadbd disable InnoDB ("Parsing options for plugin 'InnoDB' failed"),
// and it then does not start while InnoDB is the default engine.
func refusal(flavor, name string) string {
	if flavor == flavorMariaDB && strings.HasPrefix(name, "innodb_") {
		return "mariadbd disables InnoDB (\"Parsing options for plugin 'InnoDB' failed\") and then does not start " +
			"with InnoDB as the default engine"
	}
	return server(flavor) + " refuses to start"
}

// server names the server program of a flavor for messages.
func server(flavor string) string {
	if flavor == flavorMariaDB {
		return "mariadbd"
	}
	return "mysqld"
}
