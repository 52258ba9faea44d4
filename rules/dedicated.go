package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// srcDedicated is where the values innodb_dedicated_server = ON sets come
// from (MySQL 8.4 and 8.0 manuals, "Enabling Automatic InnoDB
// Configuration for a Dedicated MySQL Server").
const srcDedicated = "MySQL 8.4/8.0 Reference Manual, Enabling Automatic InnoDB Configuration for a Dedicated MySQL Server"

// dedicatedDefaults puts in Raw what a MySQL or Percona server started with
// innodb_dedicated_server = ON derives for each variable the file leaves
// unset, so that the advice starts from the values the server runs with
// (a my.cnf with only innodb_dedicated_server=ON was read as a 128M pool
// and advised "128M → 17G"). Per the manual: innodb_buffer_pool_size from
// the detected memory (below 1G: 128M; 1G to 4G: 0.5 x; above: 0.75 x);
// from 8.4, innodb_redo_log_capacity = logical processors / 2 GB, at most
// 16 GB; before 8.4, innodb_flush_method O_DIRECT_NO_FSYNC and the redo
// size by memory (dedicatedRedo80).
// A live server's own values are read instead (they are Set).
func (f *Facts) dedicatedDefaults(memBytes uint64, cpus int) {
	if f.IsMariaDB() || !f.Set["innodb_dedicated_server"] || !Accepts(f.Flavor, f.Version, "innodb_dedicated_server") {
		return
	}
	if on, err := profile.ParseBool(f.Raw["innodb_dedicated_server"]); err != nil || !on {
		return
	}
	derive := deriveFunc(func(name, value, how string) {
		if !f.Set[name] && Accepts(f.Flavor, f.Version, name) {
			f.Raw[name], f.DefaultSource[name] = value, srcDedicated+" ("+how+")"
			f.Derived[name] = "not set in the file: innodb_dedicated_server = ON makes the server derive it, " + how
		}
	})
	switch {
	case memBytes >= gib && memBytes <= 4*gib:
		derive("innodb_buffer_pool_size", profile.FormatSize(memBytes/2),
			fmt.Sprintf("0.5 x the %s of memory detected", profile.HumanBytes(memBytes)))
	case memBytes > 4*gib:
		derive("innodb_buffer_pool_size", profile.FormatSize(memBytes/4*3),
			fmt.Sprintf("0.75 x the %s of memory detected", profile.HumanBytes(memBytes)))
	}
	if f.Version.AtLeast(8, 4, 0) && cpus > 0 {
		derive("innodb_redo_log_capacity", profile.FormatSize(min(uint64(cpus)*gib/2, 16*gib)),
			fmt.Sprintf("%d logical processors / 2 GB, at most 16 GB", cpus))
	} else if !f.Version.AtLeast(8, 4, 0) {
		derive("innodb_flush_method", "O_DIRECT_NO_FSYNC", "MySQL 8.0 sets O_DIRECT_NO_FSYNC")
		f.dedicatedRedo80(memBytes, derive)
	}
}

// redoNotModelled says, for MySQL 8.0.14-8.0.29 with
// innodb_dedicated_server = ON, under 2 GB of memory and no redo size in
// the file, that the manuals leave the size the server derives open, so
// the default shown may not be what it runs with.
func (f *Facts) redoNotModelled() {
	name := "innodb_log_file_size"
	if f.Version.AtLeast(8, 0, 30) {
		name = "innodb_redo_log_capacity"
	}
	if !f.Set[name] {
		f.Derived[name] = fmt.Sprintf("the default; but the file does not set it, and innodb_dedicated_server = ON makes MySQL 8.0 "+
			"size it from the detected memory, and below 2 GB the manuals' tables disagree: SELECT @@%s on the server shows what it runs with", name)
	}
}

// Derived says, for a variable innodb_dedicated_server = ON sets, that
// the value is the server's own derivation and how (or that mytune does
// not model it); "" for any other.
func (e Env) Derived(name string) string {
	how, ok := e.F.Derived[name]
	if !ok {
		return ""
	}
	return " (" + how + ")"
}

// DedicatedValues is what innodb_dedicated_server = ON makes the server
// derive for the variables the my.cnf leaves unset (dedicatedDefaults),
// by name, so that what sizes a load from the file's values starts from
// the same ones; nil when it derives none.
func (f Facts) DedicatedValues() map[string]string {
	var out map[string]string
	for name := range f.Derived {
		if strings.HasPrefix(f.DefaultSource[name], srcDedicated) {
			if out == nil {
				out = map[string]string{}
			}
			out[name] = f.Raw[name]
		}
	}
	return out
}
