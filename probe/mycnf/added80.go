package mycnf

import "fmt"

// addedInMySQL are server options MySQL added after 5.7, each with the
// first release that has it and what an older server needs instead: an
// older mysqld refuses to start on them ("unknown variable") unless they
// are loose-. Sources: MySQL 8.0 manual, "Server System Variables" and
// "InnoDB Startup Options and System Variables" (each variable's
// "Introduced" row), and the 8.0.30 release notes for the redo log.
var addedInMySQL = map[string]struct{ version, instead string }{
	"innodb_redo_log_capacity":   {"8.0.30", "before 8.0.30 the redo log is innodb_log_file_size × innodb_log_files_in_group"},
	"binlog_expire_logs_seconds": {"8.0.1", "before 8.0.1 write expire_logs_days"},
	"innodb_dedicated_server":    {"8.0.3", "before 8.0.3 size innodb_buffer_pool_size and the redo log by hand"},
}

// checkAddedMySQL warns, for MySQL servers older than the release that
// added the option, that mysqld refuses to start on it.
func (r *Reading) checkAddedMySQL(o Option) {
	a, ok := addedInMySQL[o.Name]
	if !ok {
		return
	}
	what := "refuses to start (\"unknown variable\")"
	if o.Loose {
		what = "skips it (loose-)"
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMySQL, Before: a.version,
		Refuses: !o.Loose, Text: fmt.Sprintf("MySQL before %s has no option %q: mysqld %s; %s", a.version, o.Raw, what, a.instead)})
}
