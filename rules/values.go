package rules

import (
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// CurrentValue is the value of name in effect, written as a my.cnf accepts
// it (sizes with K/M/G); "" when unknown.
func CurrentValue(f Facts, name string) string {
	raw, ok := f.Raw[name]
	if !ok {
		return ""
	}
	if name == "innodb_redo_log_capacity" {
		return profile.FormatSize(f.RedoCapacityBytes)
	}
	if name == "slave_skip_errors" || name == "replica_skip_errors" {
		return skipErrorsShown(raw) // MariaDB lists ALL as every code from 0 on
	}
	if VariableKind(name) == KindSize {
		if b, err := profile.ParseSize(raw); err == nil {
			return profile.FormatSize(b)
		}
	}
	return strings.TrimSpace(raw)
}

// SameValue reports whether two values of the variable mean the same
// setting ("128M" = "134217728", "ON" = "1", "o_direct" = "O_DIRECT").
func SameValue(name, a, b string) bool {
	switch VariableKind(name) {
	case KindSize:
		x, err1 := profile.ParseSize(a)
		y, err2 := profile.ParseSize(b)
		if err1 == nil && err2 == nil {
			return x == y
		}
	case KindInt:
		x, err1 := strconv.ParseInt(strings.TrimSpace(a), 10, 64)
		y, err2 := strconv.ParseInt(strings.TrimSpace(b), 10, 64)
		if err1 == nil && err2 == nil {
			return x == y
		}
	case KindBool:
		x, err1 := profile.ParseBool(a)
		y, err2 := profile.ParseBool(b)
		if err1 == nil && err2 == nil {
			return x == y
		}
	}
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}
