package threads

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// reSetLine finds the variables a SET statement of the plan sets.
var reSetLine = regexp.MustCompile(`(?i)\bSET\s+(GLOBAL|SESSION)\s+([a-z0-9_]+)\s*=`)

// erSetText is MariaDB 10.11.19's refusal of SET GLOBAL
// innodb_io_capacity to an account without SUPER (review r52).
const erSetText = "\"ERROR 1227 (42000): Access denied; you need (at least one of) the SUPER privilege(s)\""

// RefusedSetLines are the SET statements of lines the account may not
// run, each as "SET GLOBAL name (the X privilege)": SET GLOBAL by
// SetGlobalPrivileges, SET SESSION only for sql_log_bin (any account
// sets its other session variables). nil when the account is unknown.
func RefusedSetLines(a *profile.Account, t profile.Target, lines []string) []string {
	if a == nil {
		return nil
	}
	var out []string
	for _, line := range lines {
		for _, m := range reSetLine.FindAllStringSubmatch(line, -1) {
			scope, name := strings.ToUpper(m[1]), strings.ToLower(m[2])
			if scope == "SESSION" && name != "sql_log_bin" {
				continue
			}
			privs := profile.SetGlobalPrivileges(t.Flavor, t.Version, name)
			if s := fmt.Sprintf("SET %s %s (%s)", scope, name, profile.PrivilegeWords(privs)); !a.HasGlobal(privs...) && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// SetLinesRefused says which of the plan's during-load SET lines the
// account mytune read TARGET as may not run; "" when it may run them all
// or is unknown.
func SetLinesRefused(p *profile.Profile, o Options, lines []string) string {
	a := p.Server.Account
	bad := RefusedSetLines(a, targetOf(p, o), lines)
	if len(bad) == 0 {
		return ""
	}
	return fmt.Sprintf("of the during-load settings' SET lines the account %s may not run %s: each is refused (%s, or the "+
		"privilege it names), so have an account that holds it run them and their undo; without them the threads and the estimate, "+
		"which assume them, do not hold", a.User, strings.Join(bad, ", "), erSetText)
}

// ApplyNowAccountNote says which of the SET GLOBAL lines that apply the
// cnf now (advisor.ApplyNow) the account mytune read the server as may
// not run; "" when it may run them all or the account is unknown.
func ApplyNowAccountNote(p *profile.Profile, t profile.Target, lines []string) string {
	s := p.Server
	if s == nil || !s.Reachable || s.Account == nil {
		return ""
	}
	bad := RefusedSetLines(s.Account, t, lines)
	if len(bad) == 0 {
		return ""
	}
	return fmt.Sprintf("the account mytune read the server as (%s) may not run %d of these %d lines: %s; each is refused (%s, or the "+
		"privilege it names): have an account that holds it run them, or let the my.cnf lines take effect at the next restart",
		s.Account.User, len(bad), len(lines), strings.Join(bad, ", "), erSetText)
}

// settingLines are the statements the during-load settings apply.
func settingLines(temp []Setting) []string {
	out := make([]string, 0, len(temp))
	for _, s := range temp {
		out = append(out, s.Apply)
	}
	return out
}

// countObjects is n as the subject of a refusal: "1 of them", "8 of them".
func countObjects(n int) string {
	return fmt.Sprintf("%d of them", n)
}

// objectList names objs ("function shop.f_app as app@%"), at most
// maxObjectsNamed, the rest counted.
func objectList(objs []profile.DumpObject, withDefiner bool) string {
	var names []string
	for i, obj := range objs {
		if i == maxObjectsNamed {
			names = append(names, fmt.Sprintf("and %d more", len(objs)-i))
			break
		}
		n := obj.Kind + " " + obj.Name
		if obj.Schema != "" {
			n = obj.Kind + " " + obj.Schema + "." + obj.Name
		}
		if withDefiner {
			n += " as " + obj.Definer
		}
		names = append(names, n)
	}
	return strings.Join(names, ", ")
}

// grantsWords says an account's global privileges and those it holds on
// each of dbs: "no global privilege; ALL PRIVILEGES on shop".
func grantsWords(a *profile.Account, dbs []string) string {
	g := "no global privilege"
	if len(a.Global) > 0 {
		g = "global " + strings.Join(a.Global, ", ")
	}
	for _, db := range dbs {
		if on := a.GrantsOn(db); len(on) > 0 {
			g += "; " + strings.Join(on, ", ") + " on " + db
		} else {
			g += "; nothing more on " + db
		}
	}
	return g
}

// sqlAccount spells "user@host" as GRANT takes it: 'user'@'host', a quote
// inside doubled and a backslash escaped as the default sql_mode reads a
// string (review r56: the account it's@localhost was printed
// 'it's'@'localhost', which the mariadb client did not run; with the
// quote doubled it ran).
func sqlAccount(userHost string) string {
	at := strings.LastIndex(userHost, "@")
	if at < 0 {
		return sqlString(userHost)
	}
	return sqlString(userHost[:at]) + "@" + sqlString(userHost[at+1:])
}

// sqlString is s as a single-quoted SQL string literal.
func sqlString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", "''").Replace(s) + "'"
}

// rolesNote says that roles' privileges may differ from what was read.
func rolesNote(a *profile.Account) string {
	if len(a.Roles) == 0 {
		return ""
	}
	return fmt.Sprintf(" (the account holds the roles %s: only the privileges of the role active when mytune read it are counted, "+
		"and SET ROLE in the loading session changes them)", strings.Join(a.Roles, ", "))
}

// isOn reads a boolean server variable as SHOW VARIABLES writes it.
func isOn(v string) bool {
	v = strings.ToUpper(strings.TrimSpace(v))
	return v == "ON" || v == "1"
}
