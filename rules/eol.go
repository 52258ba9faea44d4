package rules

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
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

// shortTermEOL is the day each short-term series left support: MariaDB's
// short-term and rolling releases (MariaDB maintenance policy; the series'
// release notes, mariadb.com/docs/release-notes/community-server/old-releases)
// and MySQL's Innovation releases, each supported until the next one ships
// (MySQL 9.7 manual, "MySQL Releases: Innovation and LTS"), the last of them
// (9.6) until 9.7 LTS on 2026-04-21. Dates from endoflife.date/mariadb and
// endoflife.date/mysql, checked 2026-12-03. MariaDB 10.7-10.10 ended before
// 10.6 LTS and are covered by eol_mariadb's "before 10.11".
var shortTermEOL = map[string]map[[2]int]string{
	profile.FlavorMariaDB: {
		{11, 0}: "2024-06-06", {11, 1}: "2024-08-21", {11, 2}: "2024-11-21", {11, 3}: "2024-05-29",
		{11, 5}: "2024-11-21", {11, 6}: "2025-02-13", {11, 7}: "2025-05-12",
		{12, 0}: "2025-11-18", {12, 1}: "2026-02-13", {12, 2}: "2026-05-13",
	},
	profile.FlavorMySQL: {
		{8, 1}: "2023-10-25", {8, 2}: "2023-12-14", {8, 3}: "2024-04-10",
		{9, 0}: "2024-10-15", {9, 1}: "2025-01-21", {9, 2}: "2025-04-15", {9, 3}: "2025-07-22",
		{9, 4}: "2025-10-21", {9, 5}: "2026-01-20", {9, 6}: "2026-04-21",
	},
}

// ShortTermEnded reports whether the server's series is a short-term
// MariaDB or MySQL Innovation series past its end of support (shortTermEOL).
func (e Env) ShortTermEnded() bool { return e.ShortTermEOLDate() != "" }

// ShortTermEOLDate is the day the server's short-term series left support
// (shortTermEOL), "" for a series not listed there (an LTS, or one still
// supported).
func (e Env) ShortTermEOLDate() string {
	return shortTermEOL[e.F.Flavor][[2]int{e.F.Version.Major, e.F.Version.Minor}]
}
