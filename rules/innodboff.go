package rules

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// innodbOff is true when the server read has no InnoDB: a live server
// whose variables hold none of InnoDB's (mariadbd 10.11.19 with
// skip-innodb shows no innodb_* variables and information_schema.engines
// says InnoDB NO), or, without one, a my.cnf that turns the plugin off
// (skip-innodb reads as innodb = 0, innodb = OFF or FALSE) for MariaDB;
// MySQL 8.0 has no way to run without InnoDB (MySQL 8.0 manual, "InnoDB
// Startup Options": --innodb and --skip-innodb removed).
func innodbOff(flavor string, s *profile.Server, vars map[string]string) bool {
	if s != nil && s.Reachable && len(s.Variables) > 0 {
		_, version := s.Variables["innodb_version"]
		_, pool := s.Variables["innodb_buffer_pool_size"]
		return !version && !pool
	}
	if flavor != profile.FlavorMariaDB {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(vars["innodb"])) {
	case "0", "off", "false":
		return true
	}
	return false
}

// InnoDBOffNote says why a server without InnoDB gets no InnoDB advice.
const InnoDBOffNote = "InnoDB is off on this server (skip-innodb, innodb = OFF, or a server that shows no innodb_* variables): " +
	"no InnoDB advice is given (buffer pool, redo log, InnoDB flushing and I/O settings), since the server has no InnoDB " +
	"to apply it to; turn InnoDB on and run mytune again for it"

// needsInnoDB is true for a rule whose advice is about InnoDB: it sets an
// innodb_* variable or is about the redo log.
func (r *Rule) needsInnoDB() bool {
	return strings.HasPrefix(r.Variable, "innodb_") || r.Category == "redo"
}

// innodbReadOnly reports innodb_read_only ON in the server's variables or
// the my.cnf: InnoDB then writes nothing, and MariaDB 10.11.19 started so
// reports innodb_doublewrite OFF, which is the mode's, not a setting to
// change (review r19: io.doublewrite_off advised OFF → ON there).
func innodbReadOnly(vars map[string]string) bool {
	v, ok := vars["innodb_read_only"]
	if !ok {
		return false
	}
	on, err := profile.ParseBool(v) // "" is a bare innodb-read-only in a my.cnf: ON
	return err == nil && on
}
