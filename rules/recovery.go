package rules

import (
	"fmt"
	"strings"
)

// Settings that decide what happens after an error or a crash, beside the
// durability ones: a replica told to skip errors (slave_skip_errors,
// replica_skip_errors from MySQL 8.0.26) and MyISAM tables with automatic
// repair off (myisam_recover_options). pt-variable-advisor flags both
// (review r21); the KB and the manual say why.

// skipErrorsVar is the name this server gives the replica's error skip list.
func (e Env) skipErrorsVar() string {
	if e.HasVar("replica_skip_errors") {
		return "replica_skip_errors"
	}
	return "slave_skip_errors"
}

// SkipErrorsOn is true when the replica's error skip list names any error
// (a value other than OFF or empty).
func (e Env) SkipErrorsOn() bool {
	v := strings.TrimSpace(e.F.Raw[e.skipErrorsVar()])
	return v != "" && !strings.EqualFold(v, "OFF")
}

// SkipErrorsText says which errors the list skips, in a few words:
// MariaDB shows ALL as every code from 0 on, cut with "...".
func (e Env) SkipErrorsText() string {
	return skipErrorsShown(e.F.Raw[e.skipErrorsVar()])
}

// skipErrorsShown shortens a skip list for the report: "ALL" for every
// error, else the codes, at most 60 characters of them.
func skipErrorsShown(raw string) string {
	v := strings.TrimSpace(raw)
	if strings.EqualFold(v, "all") || strings.HasPrefix(v, "0,1,2,3,4,5,6,7,8,9,10,") {
		return "ALL"
	}
	if len(v) > 60 {
		cut := strings.LastIndex(v[:60], ",")
		if cut < 1 {
			cut = 60
		}
		return v[:cut] + ",…"
	}
	return v
}

// MyISAMRecoverOff is true when the server holds MyISAM tables and
// myisam_recover_options is OFF: a table left open by a crash stays
// marked crashed until someone repairs it by hand.
func (e Env) MyISAMRecoverOff() bool {
	v, set := e.F.Raw["myisam_recover_options"]
	return set && e.F.MyISAMTables > 0 && strings.EqualFold(strings.TrimSpace(v), "OFF")
}

// MyISAMTablesText counts the MyISAM tables for a finding.
func (e Env) MyISAMTablesText() string {
	if e.F.MyISAMTables == 1 {
		return "1 MyISAM table"
	}
	return fmt.Sprintf("%d MyISAM tables", e.F.MyISAMTables)
}
