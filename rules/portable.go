package rules

import "github.com/mytune/mytune/profile"

// When the target is unknown the cnf must suit any server that may read
// it: lines every supported server accepts go in [mysqld], the rest in
// groups only some servers read. Which server reads which group: mysqld
// (MySQL, Percona Server) reads [mysqld], [server] and [mysqld-X.Y] of its
// own major.minor (sql/mysqld.cc load_default_groups {"mysqld", "server",
// MYSQL_BASE_VERSION}; MySQL manual "Using Option Files"); mariadbd reads
// those too (its own X.Y, 10.x or later, so never a MySQL series) and
// [mariadb], [mariadb-X.Y], [mariadbd], [mariadbd-X.Y], [client-server]
// and, with wsrep, [galera] (`mariadbd --help --verbose` on 10.11: "The
// following groups are read: mysqld server mysqld-10.11 mariadb
// mariadb-10.11 mariadbd mariadbd-10.11 client-server galera").

// PortableGroup is one option group of an unknown-target cnf and the
// server series it is advised for.
type PortableGroup struct {
	// Group is the header ("mariadb", "mysqld-8.4").
	Group string
	// Target is what the advice for this group is made for: the oldest
	// release of the series, so that every release that reads the group
	// knows each variable advised for it.
	Target profile.Target
	// Readers says who reads the group, for the cnf comment.
	Readers string
	// Series are the versions (lowest, highest) that read the group: a
	// variable goes into it only when all of them accept it.
	Series []Series
}

// Series is a range of releases of one flavor, checked at both ends.
type Series struct {
	Flavor string
	Lo, Hi string
}

// supported are the servers an unknown-target cnf must not break: MySQL
// and Percona Server 5.7 (GA 5.7.9) to 9.x, MariaDB 10.5 (oldest series
// whose variables mytune knows apart) to 12.x.
var supported = []Series{
	{profile.FlavorMySQL, "5.7.9", "5.7.99"}, {profile.FlavorMySQL, "8.0.11", "8.0.99"},
	{profile.FlavorMySQL, "8.4.0", "8.4.99"}, {profile.FlavorMySQL, "9.0.0", "9.99.99"},
	{profile.FlavorMariaDB, "10.5.0", "10.5.99"}, {profile.FlavorMariaDB, "10.6.0", "10.6.99"},
	{profile.FlavorMariaDB, "10.11.0", "10.11.99"}, {profile.FlavorMariaDB, "11.0.0", "11.8.99"},
	{profile.FlavorMariaDB, "12.0.0", "12.99.99"},
}

// PortableGroups are the groups of an unknown-target cnf after [mysqld],
// in the order written. [mariadb] is read by every MariaDB; its advice is
// made for 10.11 (mariaDBMyCnfVersion) and holds only variables every
// MariaDB from 10.5 accepts; [mariadb-10.11] holds the rest of the 10.11
// advice.
var PortableGroups = []PortableGroup{
	{Group: "mariadb", Target: profile.Target{Flavor: profile.FlavorMariaDB, Version: mariaDBMyCnfVersion},
		Readers: "every MariaDB", Series: seriesOf(profile.FlavorMariaDB)},
	{Group: "mariadb-" + mariaDBMyCnfVersion, Target: profile.Target{Flavor: profile.FlavorMariaDB, Version: mariaDBMyCnfVersion},
		Readers: "MariaDB " + mariaDBMyCnfVersion + " only", Series: []Series{{profile.FlavorMariaDB, "10.11.0", "10.11.99"}}},
	{Group: "mysqld-8.4", Target: profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.0"},
		Readers: "MySQL and Percona Server 8.4 only", Series: []Series{{profile.FlavorMySQL, "8.4.0", "8.4.99"}}},
	{Group: "mysqld-8.0", Target: profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.11"},
		Readers: "MySQL and Percona Server 8.0 only", Series: []Series{{profile.FlavorMySQL, "8.0.11", "8.0.99"}}},
	{Group: "mysqld-5.7", Target: profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.9"},
		Readers: "MySQL and Percona Server 5.7 only", Series: []Series{{profile.FlavorMySQL, "5.7.9", "5.7.99"}}},
}

// seriesOf is every supported series of one flavor.
func seriesOf(flavor string) []Series {
	var out []Series
	for _, s := range supported {
		if s.Flavor == flavor {
			out = append(out, s)
		}
	}
	return out
}

// acceptedByAll reports whether every release at both ends of each series
// accepts the variable in a my.cnf.
func acceptedByAll(series []Series, name string) bool {
	for _, s := range series {
		for _, v := range []string{s.Lo, s.Hi} {
			pv, err := profile.ParseVersionStrict(v)
			if err != nil || !Accepts(s.Flavor, pv, name) {
				return false
			}
		}
	}
	return true
}

// AcceptedEverywhere reports whether every supported server accepts the
// variable, so that it may go in [mysqld] of an unknown-target cnf.
func AcceptedEverywhere(name string) bool { return acceptedByAll(supported, name) }

// Accepts reports whether every server that reads the group accepts the
// variable.
func (g PortableGroup) Accepts(name string) bool { return acceptedByAll(g.Series, name) }
