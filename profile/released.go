package profile

import (
	"fmt"
)

// releasedSeries are the major.minor series each flavor has released, so
// that --target names a server that exists: MySQL 5.5–5.7, 8.0, the 8.1–8.3
// innovation releases, 8.4 LTS and the 9.x line (MySQL release notes,
// dev.mysql.com/doc/relnotes/mysql/), and the calendar-numbered 26.7
// (26.7.0, July 2026: MySQL 26.7 manual, "MySQL Releases: Innovation and
// LTS", "the first valid calendar-versioned MySQL release") and 26.10
// (26.10.0, 2026-10-20: MySQL 26.10 release notes); MariaDB 5.5, 10.0–10.11,
// 11.0–11.8 and 12.x (mariadb.com/kb "MariaDB Server Releases"). Percona
// Server follows MySQL's series. A minor of -1 means every minor of that
// major (the 9.x and 12.x lines still add series).
var releasedSeries = map[string][][2]int{
	FlavorMySQL: {{5, 5}, {5, 6}, {5, 7}, {8, 0}, {8, 1}, {8, 2}, {8, 3}, {8, 4}, {9, -1}, {26, 7}, {26, 10}},
	FlavorMariaDB: {{5, 5}, {10, 0}, {10, 1}, {10, 2}, {10, 3}, {10, 4}, {10, 5}, {10, 6},
		{10, 7}, {10, 8}, {10, 9}, {10, 10}, {10, 11}, {11, 0}, {11, 1}, {11, 2}, {11, 3}, {11, 4},
		{11, 5}, {11, 6}, {11, 7}, {11, 8}, {12, -1}},
}

// releasedText is what checkReleased's error lists as accepted.
var releasedText = map[string]string{
	FlavorMySQL:   "5.5, 5.6, 5.7, 8.0, 8.1–8.4, 9.x, 26.7, 26.10",
	FlavorMariaDB: "5.5, 10.0–10.11, 11.0–11.8, 12.x",
}

// checkReleased refuses a version whose major.minor the flavor never
// released ("mysql-7.1") or that is older than the first series listed
// ("mysql-5.1"), saying which series are accepted.
func checkReleased(flavor string, v Version) error {
	fl := flavor
	if fl == FlavorPercona {
		fl = FlavorMySQL // Percona Server follows MySQL's series
	}
	for _, s := range releasedSeries[fl] {
		if s[0] == v.Major && (s[1] < 0 || s[1] == v.Minor) {
			return nil
		}
	}
	if first := releasedSeries[fl][0]; v.Major < first[0] || v.Major == first[0] && v.Minor < first[1] {
		return fmt.Errorf("%s %d.%d is older than mytune supports: %s series accepted are %s", flavor, v.Major, v.Minor, fl, releasedText[fl])
	}
	return fmt.Errorf("%s %d.%d was never released: %s series accepted are %s", flavor, v.Major, v.Minor, fl, releasedText[fl])
}

// UnknownSeriesNote says, for a server whose series is not one of
// releasedSeries (a MariaDB 11.9 or 13.0, a MySQL 9.9 read live or from a
// saved profile), that mytune's knowledge ends before it: "" for a known
// series, an unknown flavor or an unreadable version. Review r28: a saved
// MariaDB 10.11.19 profile relabelled 13.0.0 or 11.9.1 was advised without
// a word, while --target refuses both.
func UnknownSeriesNote(flavor, version string) string {
	v, ok := ParseVersion(version)
	fl := flavor
	if fl == FlavorPercona {
		fl = FlavorMySQL
	}
	known, listed := releasedText[fl]
	if !ok || !listed || checkReleased(flavor, v) == nil {
		return ""
	}
	name, help := "MariaDB", "mariadbd --help --verbose"
	if fl == FlavorMySQL {
		name, help = "MySQL", "mysqld --help --verbose"
		if flavor == FlavorPercona {
			name = "Percona Server"
		}
	}
	return fmt.Sprintf("the server is %s %d.%d, a series mytune does not know (it knows %s %s): its rules, defaults and "+
		"variable names are those of the series it knows, so a line naming a variable or value %d.%d dropped or changed "+
		"may be wrong; check the my.cnf and SET GLOBAL lines against that server's manual (%s) before use",
		name, v.Major, v.Minor, name, known, v.Major, v.Minor, help)
}
