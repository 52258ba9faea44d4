package profile

import (
	"regexp"
	"slices"
	"strings"
)

// Account is what the account mytune read a server as may do: the
// account CURRENT_USER() names and the privileges its SHOW GRANTS lists
// (the password hash and authentication lines are never kept). A restore
// plan run as the same account meets exactly these.
type Account struct {
	// User is CURRENT_USER() as "user@host" (the account the grants
	// match, not the login name).
	User string `json:"user"`
	// Global are the privileges granted ON *.*, upper case ("SUPER",
	// "SET USER", "BINLOG ADMIN", "ALL PRIVILEGES"); [] for USAGE only.
	Global []string `json:"global"`
	// Databases are the privileges granted ON `db`.* (db may hold the
	// LIKE wildcards % and _, escaped with \ to mean themselves).
	Databases []DatabaseGrant `json:"databases"`
	// Roles are the roles granted to the account: the privileges of the
	// one active when mytune read them are in Global and Databases, the
	// others' are not.
	Roles []string `json:"roles,omitempty"`
}

// DatabaseGrant is the privileges an account holds on one database (or
// database pattern).
type DatabaseGrant struct {
	Database   string   `json:"database"`
	Privileges []string `json:"privileges"`
}

// allPrivileges is how SHOW GRANTS writes every privilege of a level.
const allPrivileges = "ALL PRIVILEGES"

// HasGlobal says whether the account holds any of privs ON *.* (ALL
// PRIVILEGES holds every one; GRANT OPTION aside).
func (a *Account) HasGlobal(privs ...string) bool {
	if a == nil {
		return false
	}
	return slices.Contains(a.Global, allPrivileges) || slices.ContainsFunc(privs, func(p string) bool { return slices.Contains(a.Global, p) })
}

// OnDatabase says whether the account holds priv on database db: ON *.*
// or ON a pattern that matches db.
func (a *Account) OnDatabase(db, priv string) bool {
	if a.HasGlobal(priv) {
		return true
	}
	for _, g := range a.Databases {
		if (slices.Contains(g.Privileges, allPrivileges) || slices.Contains(g.Privileges, priv)) && databaseMatches(g.Database, db) {
			return true
		}
	}
	return false
}

// GrantsOn are the privileges granted ON a database pattern matching db
// (not those ON *.*), in grant order; nil when none.
func (a *Account) GrantsOn(db string) []string {
	var out []string
	for _, g := range a.Databases {
		if databaseMatches(g.Database, db) {
			for _, p := range g.Privileges {
				if !slices.Contains(out, p) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}

// databaseMatches matches db against a GRANT's database name, where % and
// _ are LIKE wildcards unless escaped with \ (MariaDB KB, "GRANT",
// Database Privileges).
func databaseMatches(pattern, db string) bool {
	if !strings.ContainsAny(pattern, `%_\`) {
		return pattern == db
	}
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '\\' && i+1 < len(pattern):
			i++
			b.WriteString(regexp.QuoteMeta(pattern[i : i+1]))
		case c == '%':
			b.WriteString(".*")
		case c == '_':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	re, err := regexp.Compile(b.String() + "$")
	return err == nil && re.MatchString(db)
}

// SameAccount says whether definer ("user@host", as a dump names it) is
// the account User: the user part exactly, the host part in any letter
// case (MariaDB compares host names case-insensitively).
func (a *Account) SameAccount(definer string) bool {
	if a == nil {
		return false
	}
	i, j := strings.LastIndex(definer, "@"), strings.LastIndex(a.User, "@")
	if i < 0 || j < 0 {
		return false
	}
	return definer[:i] == a.User[:j] && strings.EqualFold(definer[i+1:], a.User[j+1:])
}
