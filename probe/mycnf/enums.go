package mycnf

import (
	"fmt"
	"strconv"
	"strings"
)

// enumOptions are options whose value is one word of a list, in the
// order mariadbd 10.11.19 numbers them (`mariadbd --no-defaults
// --OPTION=N --help --verbose` shows word N; MariaDB sql/sys_vars.cc,
// storage/innobase/handler/ha_innodb.cc). A word in any case is taken; a
// number names the word at that place on MariaDB; anything else stops
// the server ("Error while setting value 'bogus' to 'innodb-flush-method'",
// and for an InnoDB option InnoDB is disabled). MySQL 8.4's manual lists
// the same words for both.
var enumOptions = map[string][]string{
	"innodb_flush_method": {"fsync", "O_DSYNC", "littlesync", "nosync", "O_DIRECT", "O_DIRECT_NO_FSYNC"},
	"binlog_format":       {"MIXED", "STATEMENT", "ROW"},
}

// checkEnum reads an enum option's value as the server does: the word in
// its own spelling, a number as the word at that place (MariaDB; MySQL's
// reading of numbers is not checked, so its value is left as written), and
// a refusal for anything else; a loose- option's bad value is logged and
// the default kept (mariadbd 10.11.19 starts on loose-innodb_flush_method
// = bogus: TestReadAsAgainstMariadbd).
func (r *Reading) checkEnum(flavor string, o Option) Option {
	words, ok := enumOptions[o.Name]
	if !ok || !o.HasValue || o.Prefix != "" {
		return o
	}
	v := strings.TrimSpace(o.Value)
	for _, w := range words {
		if strings.EqualFold(v, w) {
			o.Value = w
			return o
		}
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		if flavor == flavorMySQL {
			return o
		}
		if n < len(words) {
			r.warn(flavor, o, false, fmt.Sprintf("%s = %s is read as %s: mariadbd takes a number as the word at that "+
				"place in %s; write %s", o.Raw, o.RawValue, words[n], strings.Join(words, ", "), words[n]))
			o.Value = words[n]
			return o
		}
	}
	if o.Loose {
		r.warn(flavor, o, false, fmt.Sprintf("%s = %s is not one of %s: the server logs \"Error while setting value "+
			"'%s'\" and, the option being loose-, starts with its default; write one of them", o.Raw, o.RawValue,
			strings.Join(words, ", "), o.RawValue))
		o.Name = ""
		return o
	}
	as := o.Name // the server's message spells an InnoDB option with dashes
	if strings.HasPrefix(as, "innodb_") {
		as = strings.ReplaceAll(as, "_", "-")
	}
	r.warn(flavor, o, true, fmt.Sprintf("%s = %s is not one of %s (\"Error while setting value '%s' to '%s'\"): %s; "+
		"write one of them", o.Raw, o.RawValue, strings.Join(words, ", "), o.RawValue, as, refusal(flavor, o.Name)))
	return o
}
