package mycnf

import (
	"fmt"
	"strings"
)

// multiGroupWarnings says, once per group, that a [mysqldN] group
// (mysqld_multi's instance groups: /usr/bin/mysqld_multi matches
// "[mysqld" digits "]") holding options is not read here, and what that
// means for the advice. mysqld_multi starts instance N as "mariadbd
// --defaults-group-suffix=N" followed by every option of [mysqldN] on the
// command line, so those options win over any [mysqld] line, the advised
// fragment included (mariadbd 10.11.19 started by mysqld_multi from a file
// with [mysqld1] innodb_buffer_pool_size=256M and the fragment's [mysqld]
// innodb_buffer_pool_size=1G appended runs with 268435456). Nil when no
// such group holds an option.
func multiGroupWarnings(list []Option) []Warning {
	var out []Warning
	names := map[string][]string{}
	first := map[string]Option{}
	var order []string
	for _, o := range list {
		n, ok := strings.CutPrefix(o.Group, "mysqld")
		if !ok || !allDigits(n) {
			continue
		}
		if _, seen := first[o.Group]; !seen {
			first[o.Group] = o
			order = append(order, o.Group)
		}
		names[o.Group] = appendOnce(names[o.Group], o.Name)
	}
	for _, g := range order {
		o := first[g]
		out = append(out, Warning{File: o.File, Line: o.Line, Text: fmt.Sprintf("[%s] is a mysqld_multi instance "+
			"group, which mytune does not read: mysqld_multi starts that instance with %s on its command line, "+
			"over every [mysqld] line, so for these the values read here and an appended [mysqld] fragment "+
			"do not apply to it; advise each instance from the running instance (-S its socket) or from a --mycnf with its "+
			"options under [mysqld], and put the advised lines in [%s]", g, strings.Join(names[g], ", "), g)})
	}
	return out
}

// appendOnce appends s to list unless it is there already.
func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
