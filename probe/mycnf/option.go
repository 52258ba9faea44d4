// Package mycnf reads MySQL/MariaDB option files (my.cnf) the way mysqld,
// mariadbd and their clients read them (mysys/my_default.cc and
// my_getopt.cc of MySQL, mysys/my_default.c and my_getopt.c of MariaDB):
// groups, !include and !includedir, loose-/skip-/enable-/disable-
// prefixes, comments, quoting and escapes, last one wins. Where a server
// would read the file otherwise, or refuse it, it records a Warning. Its
// only other I/O is checking that a secure_file_priv directory exists; it
// knows nothing of a live server.
package mycnf

import (
	"fmt"
	"strings"
)

// Option is one option line that belongs to one of the requested groups.
type Option struct {
	// Name is normalised: lower-case, dashes turned to underscores, the
	// loose_ prefix stripped and skip_/enable_/disable_ resolved.
	Name string
	// Value is the unquoted, unescaped value; "" for a bare option.
	Value string
	// HasValue is false for a bare option ("skip-name-resolve", "log-bin").
	HasValue bool
	// RawHasValue is whether the line had an '=' (HasValue is true for a
	// bare skip-X, which the prefix turned into X=OFF).
	RawHasValue bool
	// Raw is the name as written in the file.
	Raw string
	// RawValue is the value as written (after unquoting), before a
	// skip-/enable- prefix turned it into ON or OFF.
	RawValue string
	// Loose is true when the name carried a loose- or loose_ prefix.
	Loose bool
	// Prefix is the boolean modifier the server applied: "skip",
	// "disable", "enable", "maximum", "autoset" or "".
	Prefix string
	// Group is the [group] the line was in; "" for lines before any header.
	Group string
	File  string
	Line  int
}

// Where returns "file:line", the place the option was set.
func (o Option) Where() string { return fmt.Sprintf("%s:%d", o.File, o.Line) }

// keptSkipNames are options whose own name begins with skip_: my_getopt
// finds them as they are before it tries the prefixes (mariadbd 10.11
// --help lists skip-grant-tables, skip-host-cache, skip-name-resolve,
// skip-networking, skip-show-database, skip-slave-start; MySQL 8 adds
// skip-replica-start, skip-new, skip-stack-trace). skip-external-locking
// is not one: it is the skip- prefix on external-locking.
var keptSkipNames = map[string]bool{
	"skip_grant_tables":  true,
	"skip_host_cache":    true,
	"skip_name_resolve":  true,
	"skip_networking":    true,
	"skip_show_database": true,
	"skip_slave_start":   true,
	"skip_replica_start": true,
	"skip_new":           true,
	"skip_stack_trace":   true,
}

// specialPrefixes are my_getopt's special_opt_prefix, in its order.
var specialPrefixes = []string{"skip", "disable", "enable", "maximum", "loose", "autoset"}

// newOption resolves a raw name and value as my_getopt's handle_options
// does when the name is not itself an option: it strips special prefixes
// one at a time, restarting from the first each time, and the last one
// stripped decides the value. skip-/disable- give OFF unless the value is
// exactly "0" (then ON); enable- gives ON unless the value is exactly
// "0". So skip-X=OFF is OFF, not a double negation.
func newOption(raw, value string, hasValue bool) Option {
	o := Option{Raw: raw, Value: value, RawValue: value, HasValue: hasValue, RawHasValue: hasValue}
	name := strings.ToLower(strings.ReplaceAll(raw, "-", "_"))
	last := ""
	for changed := true; changed && !keptSkipNames[name]; {
		changed = false
		for _, pre := range specialPrefixes {
			if rest, ok := strings.CutPrefix(name, pre+"_"); ok && rest != "" {
				name, last, changed = rest, pre, true
				if pre == "loose" {
					o.Loose = true
				}
				break
			}
		}
	}
	o.Name, o.Prefix = name, last
	switch last {
	case "skip", "disable":
		o.Value, o.HasValue = boolPrefixValue(value, hasValue, "ON", "OFF"), true
	case "enable":
		o.Value, o.HasValue = boolPrefixValue(value, hasValue, "OFF", "ON"), true
	case "autoset":
		o.Value, o.HasValue = "auto", true
	case "loose":
		o.Prefix = ""
	case "maximum":
		// maximum-X=V sets the most a session may set X to, not X;
		// except where mariadbd refuses it or sets X (resolveMaximum).
		o.Name = "maximum_" + name
	}
	return o
}

// boolPrefixValue is zero when the value is exactly "0", else other.
func boolPrefixValue(value string, hasValue bool, zero, other string) string {
	if hasValue && value == "0" {
		return zero
	}
	return other
}
