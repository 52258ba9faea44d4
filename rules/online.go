package rules

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// onlineSince are the variables SET GLOBAL changes at run time only from
// some release on; before it a new value needs a restart.
// innodb_buffer_pool_size: "As of MySQL 5.7.5, the innodb_buffer_pool_size
// configuration option can be set dynamically" (MySQL 5.7 manual,
// "Configuring InnoDB Buffer Pool Size"); MariaDB 10.2.2 (MariaDB KB,
// "Setting Innodb Buffer Pool Size Dynamically").
// innodb_file_per_table: dynamic from MySQL 5.5 and with the InnoDB
// Plugin of 5.1 (which sets innodb_version; restartWhy), not for the
// built-in InnoDB of 5.0 and 5.1 (MySQL 5.1 manual, innodb_file_per_table:
// "Dynamic: No" for the built-in InnoDB); MariaDB ships XtraDB, a plugin,
// from 5.1.
// innodb_read_io_threads, innodb_write_io_threads: dynamic from MariaDB
// 10.11 (MDEV-11026, merged into 10.11; SET GLOBAL innodb_read_io_threads
// = 8 taken with no warning and read back as 8 on MariaDB 10.11.19, review
// r27); never on MySQL (MySQL 8.4 manual: "Dynamic: No"), "" below.
var onlineSince = map[string]varSpec{
	"innodb_buffer_pool_size": {KindSize, ">=5.7.5", ">=10.2.2"},
	"innodb_file_per_table":   {KindBool, ">=5.5", ">=5.1"},
	"innodb_read_io_threads":  {KindInt, "", ">=10.11"},
	"innodb_write_io_threads": {KindInt, "", ">=10.11"},
}

// restartWhy says why setting name to value needs a restart on this
// server although the rule's variable is dynamic now: a MariaDB whose
// online redo resize is not crash safe (profile.MariaDBRedoResizeCrashSafe),
// a release from before onlineSince, or a buffer pool above the innodb_buffer_pool_size_max
// a MariaDB started with (SET GLOBAL then truncates the new size to it
// with warning 1292: checked on MariaDB 10.11.19 started with both at
// 128M); "" when the server takes it online.
func (e Env) restartWhy(name, value string) string {
	if name == "innodb_log_file_size" && e.F.IsMariaDB() && e.F.Version != (profile.Version{}) &&
		!profile.MariaDBRedoResizeCrashSafe(e.F.Version) {
		release := e.F.VersionText
		if release == "" {
			release = e.F.Version.String()
		}
		return fmt.Sprintf("the target is MariaDB %s, whose SET GLOBAL innodb_log_file_size is not crash safe before 10.11.10 "+
			"and 11.4.4 (MDEV-34750: a server that stops while the log resizes may not recover), so change it with a restart", release)
	}
	spec, ok := onlineSince[name]
	if !ok {
		return ""
	}
	rng := spec.MySQL
	if e.F.Flavor == profile.FlavorMariaDB {
		rng = spec.MariaDB
	}
	if rng == "" {
		return fmt.Sprintf("%s sets %s only at startup", profile.FlavorName(e.F.Flavor), name)
	}
	pluginOnline := name == "innodb_file_per_table" && e.F.InnoDBVersion != "" // the 5.1 InnoDB Plugin
	if r, err := parseRange(rng); err == nil && e.F.Version != (profile.Version{}) && !r.contains(e.F.Version) && !pluginOnline {
		return fmt.Sprintf("%s %s sets %s only at startup (it changes online from %s %s)", profile.FlavorName(e.F.Flavor),
			e.F.Version, name, profile.FlavorName(e.F.Flavor), rng[2:])
	}
	if name != "innodb_buffer_pool_size" {
		return ""
	}
	maxBytes, err := profile.ParseSize(e.F.Raw["innodb_buffer_pool_size_max"])
	want, werr := profile.ParseSize(value)
	if err != nil || werr != nil || maxBytes == 0 || want <= maxBytes {
		return ""
	}
	return fmt.Sprintf("innodb_buffer_pool_size_max is %s, so the pool grows past it only at a restart with "+
		"innodb_buffer_pool_size_max = %s or more set beside it", profile.FormatSize(maxBytes), value)
}

// PoolResizeText says how the advised buffer pool takes effect: online
// with SET GLOBAL, or only at a restart and why.
func (e Env) PoolResizeText() string {
	if why := e.restartWhy("innodb_buffer_pool_size", e.Recommended); why != "" {
		return "It needs a restart: " + why + "."
	}
	return "The pool resizes online (SET GLOBAL innodb_buffer_pool_size)."
}
