package advisor

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// managedService names the managed database service a server runs on, from
// what it reports: Amazon Aurora by its version ("8.0.mysql_aurora.3.05.2")
// or its aurora_version variable (AWS, "Aurora MySQL version numbers and
// special versions": SELECT @@aurora_version), Amazon RDS by its datadir
// under /rdsdbdata/ or basedir under /rdsdbbin/, where RDS keeps them; ""
// for any other server (review r19: such a server got a my.cnf and SET
// GLOBAL lines with no word that neither applies there).
func managedService(s *profile.Server) string {
	if s == nil || !s.Reachable {
		return ""
	}
	v := s.Variables
	switch {
	case strings.Contains(s.Version, "mysql_aurora") || strings.Contains(v["version"], "mysql_aurora") || v["aurora_version"] != "":
		return "Amazon Aurora"
	case strings.HasPrefix(v["datadir"], "/rdsdbdata/") || strings.HasPrefix(v["basedir"], "/rdsdbbin/"):
		return "Amazon RDS"
	}
	return ""
}

// managedNote says what a managed service changes in the advice: the
// settings go in its DB parameter group (no my.cnf, and SET GLOBAL needs a
// privilege its accounts do not have), and the host and disk mytune
// measured are not the instance's; "" for a server of one's own.
func managedNote(s *profile.Server) string {
	svc := managedService(s)
	if svc == "" {
		return ""
	}
	return svc + ": its settings are changed in the instance's DB parameter group (console, CLI or API), not in a " +
		"my.cnf, and its accounts lack the SUPER (SYSTEM_VARIABLES_ADMIN) that SET GLOBAL needs, so the cnf lines are the " +
		"parameter values to set there; the memory, CPUs and disk every size here is fitted to are the machine mytune ran " +
		"on, not the instance's (its instance class sets those)"
}
