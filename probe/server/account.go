package server

import (
	"context"
	"regexp"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// account reads CURRENT_USER() and SHOW GRANTS into r.s.Account when
// r.c.Ask.Grants; a failure is recorded in Unread and leaves it nil.
func (r *reader) account(ctx context.Context) {
	if !r.c.Ask.Grants || r.gone != "" || r.skip(ctx, "this account's grants") {
		return
	}
	qc, cancel := r.qctx(ctx)
	defer cancel()
	var user string
	if err := r.db.QueryRowContext(qc, string(qCurrentUser)).Scan(&user); err != nil {
		r.unread("this account's grants (SELECT CURRENT_USER())", err)
		return
	}
	rows, err := r.db.QueryContext(qc, string(qShowGrants))
	if err != nil {
		r.unread("this account's grants (SHOW GRANTS)", err)
		return
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			r.unread("this account's grants (SHOW GRANTS)", err)
			return
		}
		lines = append(lines, line)
	}
	if err := rows.Err(); err != nil {
		r.unread("this account's grants (SHOW GRANTS)", err)
		return
	}
	r.s.Account = parseGrants(user, lines)
}

// quotedIdent is one identifier as SHOW GRANTS quotes it: in backticks,
// or in double quotes when the session's sql_mode has ANSI_QUOTES (set
// by ANSI and ORACLE too), which mytune's session inherits from the
// global sql_mode (measured on MariaDB 10.11.19 with sql_mode =
// 'ANSI_QUOTES': GRANT SELECT ON "shop".* TO "app"@"localhost"; review
// r58). A quote inside is doubled.
const quotedIdent = "(`(?:[^`]|``)*`|\"(?:[^\"]|\"\")*\")"

// reGrantOn is one line of SHOW GRANTS that grants privileges on a level:
// "GRANT SELECT, INSERT ON `shop`.* TO `rest`@`localhost`", "GRANT SET
// USER ON *.* TO …" (MariaDB 10.11.19), "GRANT BINLOG_ADMIN,SET_USER_ID ON
// *.* TO …" (MySQL 8's dynamic privileges). Routine grants (ON PROCEDURE
// …) and table grants (`db`.`t`) do not match it.
var reGrantOn = regexp.MustCompile("^GRANT (.+?) ON (\\*\\.\\*|" + quotedIdent + "\\.\\*) TO ")

// reGrantRole is a role granted to the account: "GRANT `r` TO `u`@`h`".
var reGrantRole = regexp.MustCompile("^GRANT " + quotedIdent + " TO ")

// unquoteIdent is a quotedIdent's name: the quotes taken off, a doubled
// quote made single.
func unquoteIdent(q string) string {
	if len(q) < 2 {
		return q
	}
	mark := q[:1]
	return strings.ReplaceAll(q[1:len(q)-1], mark+mark, mark)
}

// parseGrants is the Account of user with the SHOW GRANTS lines: global
// and database privileges and roles; column privileges (a "(" in the
// list) and any password text are left out.
func parseGrants(user string, lines []string) *profile.Account {
	a := &profile.Account{User: user, Global: []string{}, Databases: []profile.DatabaseGrant{}}
	for _, line := range lines {
		if m := reGrantRole.FindStringSubmatch(line); m != nil {
			a.Roles = append(a.Roles, unquoteIdent(m[1]))
			continue
		}
		m := reGrantOn.FindStringSubmatch(line)
		if m == nil || strings.Contains(m[1], "(") {
			continue
		}
		privs := grantPrivileges(m[1])
		if m[2] == "*.*" {
			a.Global = mergePrivileges(a.Global, privs)
			continue
		}
		db := unquoteIdent(m[3])
		if i := slices.IndexFunc(a.Databases, func(g profile.DatabaseGrant) bool { return g.Database == db }); i >= 0 {
			a.Databases[i].Privileges = mergePrivileges(a.Databases[i].Privileges, privs)
		} else if len(privs) > 0 {
			a.Databases = append(a.Databases, profile.DatabaseGrant{Database: db, Privileges: privs})
		}
	}
	return a
}

// grantPrivileges splits a GRANT's privilege list, upper case, USAGE
// (no privilege) left out; MySQL's dynamic names keep their underscores.
func grantPrivileges(list string) []string {
	var out []string
	for _, p := range strings.Split(list, ",") {
		if p = strings.ToUpper(strings.TrimSpace(p)); p != "" && p != "USAGE" {
			out = append(out, p)
		}
	}
	return out
}

// mergePrivileges is have with add's privileges it lacks appended.
func mergePrivileges(have, add []string) []string {
	for _, p := range add {
		if !slices.Contains(have, p) {
			have = append(have, p)
		}
	}
	return have
}
