package rules

import (
	"fmt"
	"strings"
)

// mysqlEOL is when each MySQL series before 8.0 left Oracle's support
// (Oracle Lifetime Support Policy: Oracle Technology Products, the end of
// Extended Support; endoflife.date/mysql) and the next series an in-place
// upgrade goes through (MySQL 8.0 manual, "Upgrade Paths": only between
// consecutive series).
var mysqlEOL = []struct{ series, ended, next string }{
	{"5.0", "January 2012", "5.1"}, {"5.1", "December 2013", "5.5"}, {"5.5", "December 2018", "5.6"},
	{"5.6", "February 2021", "5.7"}, {"5.7", "October 2023", "8.0"},
}

// MySQLEOLText names the server's own series, when it left support, and
// the upgrade path to 8.4 LTS one series at a time; "" for 8.0 and later.
func (e Env) MySQLEOLText() string {
	series := fmt.Sprintf("%d.%d", e.F.Version.Major, e.F.Version.Minor)
	for i, s := range mysqlEOL {
		if s.series != series && !(i == 0 && e.F.Version.Major < 5) {
			continue
		}
		path := []string{series}
		for _, n := range mysqlEOL[i:] {
			path = append(path, n.next)
		}
		path = append(path, "8.4")
		return fmt.Sprintf("the %s series reached end of life in %s (Oracle's Lifetime Support Policy). Upgrade to 8.4 LTS: "+
			"in place one series at a time (%s), or by a dump loaded into a new 8.4 server", series, s.ended, strings.Join(path, " → "))
	}
	return ""
}
