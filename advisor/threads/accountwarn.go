package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// objectPrivilege is the database privilege creating each kind of object
// needs (MariaDB KB, "GRANT", Database Privileges), and privilegeError
// MariaDB 10.11.19's refusal without it (review r52, an account with
// SELECT, INSERT, UPDATE, DELETE, CREATE, DROP, ALTER and INDEX on the
// database).
var (
	objectPrivilege = map[string]string{profile.ObjectView: "CREATE VIEW", profile.ObjectFunction: "CREATE ROUTINE",
		profile.ObjectProcedure: "CREATE ROUTINE", profile.ObjectTrigger: "TRIGGER", profile.ObjectEvent: "EVENT"}
	privilegeError = map[string]string{"CREATE VIEW": "\"ERROR 1142 (42000): CREATE VIEW command denied\"",
		"CREATE ROUTINE": "\"ERROR 1044 (42000): Access denied for user … to database\"", "TRIGGER": "\"ERROR 1142 (42000): TRIGGER command denied\"",
		"EVENT": "\"ERROR 1044 (42000): Access denied for user … to database\""}
)

// maxObjectsNamed is the most objects a warning names in one group; the
// rest are counted.
const maxObjectsNamed = 6

// Error texts of MariaDB 10.11.19 for the refusals AccountWarning
// foresees, as the mysql client and myloader 0.10 printed them (review
// r52, docs/benchmarks/live-server.md).
const (
	erDefinerText = "\"ERROR 1227 (42000): Access denied; you need (at least one of) the SUPER, SET USER privilege(s)\""
	erTrustText   = "\"ERROR 1419 (HY000): You do not have the SUPER privilege and binary logging is enabled (you *might* want to use " +
		"the less safe log_bin_trust_function_creators variable)\""
)

// refused is the dump's objects the account may not create, by reason.
type refused struct {
	definer, trust []profile.DumpObject
	schema         map[string][]profile.DumpObject // by the missing database privilege
	total          int
	// bad marks every refused object; after are those left out behind
	// one (leftOut).
	bad   map[profile.DumpObject]bool
	after []profile.DumpObject
}

// AccountWarning says which of the dump's views, routines, triggers and
// events (Dump.Objects) and which of the plan's SET lines (temp, the
// during-load settings) the account mytune read the live target as
// (Server.Account) may not run, why, what the loader then does and how
// to let it, each fix with its consequence; in words when that account
// is not known. Measured on MariaDB 10.11.19 with log_bin ON (review
// r52): as an account with ALL ON the database only, myloader 0.10
// loaded the rows and none of 4 routines, 2 triggers, 2 events or 2
// views (exit 1), and the mysql line of a mariadb-dump file stopped at
// its first trigger ("ERROR 1419 … at line 2084", exit 1) and never
// created the table dumped after it. "" when nothing is refused.
func AccountWarning(p *profile.Profile, o Options, temp []Setting) string {
	s := p.Server
	if p.Dump == nil {
		return ""
	}
	if s == nil || !s.Reachable || s.Account == nil {
		return accountUnknownWarning(p, o)
	}
	r := refusedObjects(p, o)
	sets := SetLinesRefused(p, o, settingLines(temp))
	if r.total == 0 && sets == "" {
		return ""
	}
	var parts []string
	if r.total > 0 {
		parts = append(parts, fmt.Sprintf("the account mytune read TARGET as (%s: %s) may not create %d of the dump's %d views, "+
			"routines, triggers and events, so a load run as it is refused them: %s. %s. %s", s.Account.User, grantsWords(s.Account, p.Dump.Databases),
			r.total, len(p.Dump.Objects), strings.Join(r.reasons(p, o), "; "), loaderRefusal(p.Dump), r.fixes(p, o)))
	}
	if sets != "" {
		parts = append(parts, sets)
	}
	return strings.Join(parts, ". Also, ") + rolesNote(s.Account)
}

// refusedObjects sorts the dump's objects the account may not create by
// reason: another DEFINER without DefinerPrivileges, a function or
// trigger with the binary log on and log_bin_trust_function_creators
// OFF without SUPER (BINLOG ADMIN and SET USER did not lift it on
// 10.11.19, review r52), a database privilege it lacks.
func refusedObjects(p *profile.Profile, o Options) refused {
	a, t := p.Server.Account, targetOf(p, o)
	r := refused{schema: map[string][]profile.DumpObject{}, bad: map[profile.DumpObject]bool{}}
	trustOff := !isOn(p.Server.Variables["log_bin_trust_function_creators"])
	for _, obj := range p.Dump.Objects {
		bad := false
		if !a.SameAccount(obj.Definer) && !a.HasGlobal(profile.DefinerPrivileges(t.Flavor, t.Version)...) {
			r.definer, bad = append(r.definer, obj), true
		}
		if (obj.Kind == profile.ObjectFunction || obj.Kind == profile.ObjectTrigger) && binlogState(p, o) == BinlogOn && trustOff && !a.HasGlobal("SUPER") {
			r.trust, bad = append(r.trust, obj), true
		}
		if priv := objectPrivilege[obj.Kind]; obj.Schema != "" && priv != "" && !a.OnDatabase(obj.Schema, priv) {
			r.schema[priv], bad = append(r.schema[priv], obj), true
		}
		if bad {
			r.total, r.bad[obj] = r.total+1, true
		}
	}
	r.after = leftOut(p.Dump, r.bad)
	return r
}

// reasons says each group of refused objects with its privilege and error.
func (r refused) reasons(p *profile.Profile, o Options) []string {
	t := targetOf(p, o)
	var out []string
	if len(r.definer) > 0 {
		out = append(out, fmt.Sprintf("%s run as another account (%s): creating an object for another DEFINER needs %s (%s)",
			countObjects(len(r.definer)), objectList(r.definer, true), profile.PrivilegeWords(profile.DefinerPrivileges(t.Flavor, t.Version)), erDefinerText))
	}
	if len(r.trust) > 0 {
		out = append(out, fmt.Sprintf("%s are functions or triggers (%s): with the binary log on and log_bin_trust_function_creators OFF, "+
			"creating them needs the SUPER privilege (%s; on MariaDB 10.11.19 neither BINLOG ADMIN nor SET USER lifts it)",
			countObjects(len(r.trust)), objectList(r.trust, false), erTrustText))
	}
	for _, priv := range []string{"CREATE VIEW", "CREATE ROUTINE", "TRIGGER", "EVENT"} {
		if objs := r.schema[priv]; len(objs) > 0 {
			out = append(out, fmt.Sprintf("%s need %s on their database (%s), which the account lacks (%s)",
				countObjects(len(objs)), priv, objectList(objs, false), privilegeError[priv]))
		}
	}
	if len(r.after) > 0 {
		out = append(out, fmt.Sprintf("and the load then leaves out %d more it may create, which come after a refused one where the "+
			"loader stops (%s)", len(r.after), objectList(r.after, false)))
	}
	return out
}

// fixes says how to let the load create them, each with what it costs.
func (r refused) fixes(p *profile.Profile, o Options) string {
	t, user := targetOf(p, o), sqlAccount(p.Server.Account.User)
	var out []string
	out = append(out, "Load as an account with the SUPER privilege")
	if len(r.definer) > 0 {
		priv := profile.DefinerPrivileges(t.Flavor, t.Version)[0]
		out = append(out, fmt.Sprintf("or grant this account %s (GRANT %s ON *.* TO %s): it then creates objects that run as any "+
			"account, root included, and so acts with their privileges through them; revoke it after the load (REVOKE %s ON *.* FROM %s)",
			priv, priv, user, priv, user))
	}
	if len(r.trust) > 0 {
		out = append(out, "and for the functions and triggers have an account with "+profile.PrivilegeWords(profile.SetGlobalPrivileges(t.Flavor, t.Version,
			"log_bin_trust_function_creators"))+" run SET GLOBAL log_bin_trust_function_creators = 1 before the load: while it is ON every "+
			"account with CREATE ROUTINE or TRIGGER may create functions and triggers the binary log does not replay the same on replicas "+
			"and in point-in-time recovery (non-deterministic ones), so set it back right after the load (SET GLOBAL "+
			"log_bin_trust_function_creators = 0)")
	}
	if len(r.schema) > 0 {
		out = append(out, "and grant the database privileges named above")
	}
	return strings.Join(out, "; ")
}

// loaderRefusal is what the dump's loader does on a refused object.
func loaderRefusal(d *profile.Dump) string {
	switch d.Format {
	case "mysqldump":
		return "The mysql line stops at the first refused statement (exit 1): nothing after it in the file loads, the tables dumped " +
			"after it included (MariaDB 10.11.19: \"ERROR 1419 … at line 2084\", and the table after that trigger was never created)"
	case "mysqlsh":
		return "MySQL Shell's loadDump reports each refused statement (not measured here)"
	}
	return "myloader 0.10 stops each file at its first refused statement and goes on with the next: a refused routine or event leaves " +
		"out the rest of its database's -schema-post.sql, a refused trigger the rest of its table's triggers, a refused view the view " +
		"(its stand-in table dropped); the rows load and it exits 1 (\"Error restoring …\")"
}

// accountUnknownWarning says in words what a load of the dump's objects
// needs when the loading account's grants were not read.
func accountUnknownWarning(p *profile.Profile, o Options) string {
	d, t := p.Dump, targetOf(p, o)
	if len(d.Objects) == 0 {
		return ""
	}
	var fnTrig []profile.DumpObject
	for _, obj := range d.Objects {
		if obj.Kind == profile.ObjectFunction || obj.Kind == profile.ObjectTrigger {
			fnTrig = append(fnTrig, obj)
		}
	}
	text := fmt.Sprintf("the dump creates %d views, routines, triggers and events (%s), and mytune did not read the grants of the account "+
		"that will load it (%s): as an account without the SUPER privilege, creating one whose DEFINER is not that account needs %s (%s)", len(d.Objects),
		objectList(d.Objects, true), accountUnread(p), profile.PrivilegeWords(profile.DefinerPrivileges(t.Flavor, t.Version)), erDefinerText)
	if len(fnTrig) > 0 && binlogState(p, o) != BinlogOff {
		text += fmt.Sprintf(", and %s, with the binary log on%s and log_bin_trust_function_creators OFF (its default), needs SUPER itself (%s)",
			map[bool]string{true: "the function or trigger", false: fmt.Sprintf("each of the %d functions and triggers", len(fnTrig))}[len(fnTrig) == 1],
			map[bool]string{true: " (log_bin: not known)", false: ""}[binlogState(p, o) == BinlogUnknown], erTrustText)
	}
	return text + ". " + loaderRefusal(d) + ". The plan's SET GLOBAL lines need " + profile.PrivilegeWords(profile.SetGlobalPrivileges(t.Flavor,
		t.Version, "innodb_io_capacity")) + " (" + profile.PrivilegeWords(profile.SetGlobalPrivileges(t.Flavor, t.Version, "sync_binlog")) +
		" for the binary log's variables) and are refused without it. Check with SHOW GRANTS as that account before the load, or advise again with --dump and " +
		"that account's -u against TARGET: mytune then names what it may not create"
}

// accountUnread says why the loading account's grants are not known.
func accountUnread(p *profile.Profile) string {
	if s := p.Server; s != nil && s.Reachable {
		return "they could not be read: " + unreadAccountReason(s)
	}
	return "no live target was read"
}

// unreadAccountReason is the Unread entry of the grants, else a general one.
func unreadAccountReason(s *profile.Server) string {
	for _, u := range s.Unread {
		if strings.HasPrefix(u, "this account's grants") {
			return u
		}
	}
	return "the target was read without them"
}
