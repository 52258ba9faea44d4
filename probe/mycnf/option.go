// Package mycnf reads MySQL/MariaDB option files (my.cnf) the way mysqld and
// the mysql client read them: groups, !include and !includedir, loose-
// prefixes, skip-/enable-/disable- booleans, comments, quoting and escapes,
// last one wins. It does no other I/O and knows nothing of a live server.
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
	// Raw is the name as written in the file.
	Raw string
	// Loose is true when the name carried a loose- or loose_ prefix.
	Loose bool
	// Group is the [group] the line was in; "" for lines before any header.
	Group string
	File  string
	Line  int
}

// Where returns "file:line", the place the option was set.
func (o Option) Where() string { return fmt.Sprintf("%s:%d", o.File, o.Line) }

// keptSkipNames are options whose own name begins with skip_: mysqld
// finds them as they are before trying the skip- prefix (MySQL manual,
// "Program Option Modifiers"; these are also server system variables).
var keptSkipNames = map[string]bool{
	"skip_name_resolve":     true,
	"skip_networking":       true,
	"skip_external_locking": true,
	"skip_show_database":    true,
	"skip_slave_start":      true,
	"skip_replica_start":    true,
	"skip_grant_tables":     true,
}

// normaliseName turns a raw option name into Option fields: lower-case,
// underscores, loose_ stripped, and the boolean modifiers skip-X / disable-X
// (X=OFF) and enable-X (X=ON) applied (MySQL manual, "Program Option
// Modifiers"). It returns the name, value and whether a value is set.
func normaliseName(raw, value string, hasValue bool) (name, val string, has, loose bool) {
	name = strings.ToLower(strings.ReplaceAll(strings.TrimSpace(raw), "-", "_"))
	if strings.HasPrefix(name, "loose_") {
		name, loose = strings.TrimPrefix(name, "loose_"), true
	}
	switch {
	case keptSkipNames[name]:
		return name, value, hasValue, loose
	case strings.HasPrefix(name, "skip_") && len(name) > len("skip_"):
		return strings.TrimPrefix(name, "skip_"), invertBool(value, hasValue), true, loose
	case strings.HasPrefix(name, "disable_") && len(name) > len("disable_"):
		return strings.TrimPrefix(name, "disable_"), invertBool(value, hasValue), true, loose
	case strings.HasPrefix(name, "enable_") && len(name) > len("enable_"):
		if !hasValue {
			return strings.TrimPrefix(name, "enable_"), "ON", true, loose
		}
		return strings.TrimPrefix(name, "enable_"), value, true, loose
	}
	return name, value, hasValue, loose
}

// invertBool gives the value of X for "skip-X[=v]": OFF for a bare
// modifier, the negation of v when v is a boolean, else v unchanged.
func invertBool(value string, hasValue bool) string {
	if !hasValue {
		return "OFF"
	}
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "", "1", "on", "true", "yes":
		return "OFF"
	case "0", "off", "false", "no":
		return "ON"
	}
	return value
}
