package dump

import (
	"slices"
	"sort"
	"strings"
)

// objectFilesNote warns that a mydumper dump holds no trigger, stored
// routine or event of its user schemas: no db.table-schema-triggers.sql
// and no db-schema-post.sql (mydumper 0.10 writes them only with
// --triggers, --routines and --events; its defaults leave them out, and
// QA's mydumper -B shop of a schema with a trigger, a procedure, a
// function and an event restored none of them, without a word). A schema
// without any has no such file either, so the note says "if". Those
// whose routines are rows of mysql.proc (routineSchemas) are said
// elsewhere; "" when the dump holds such a file or no user table.
func objectFilesNote(files fileSet, schemas map[string]bool, routineSchemas []string) string {
	var users []string
	for s := range schemas {
		if !systemSchemas[s] {
			users = append(users, s)
		}
	}
	if len(users) == 0 || len(routineSchemas) > 0 {
		return ""
	}
	for name := range files {
		f := classifyMydumper(name)
		if strings.Contains(trimCompression(name), "-schema-triggers.") && !systemSchemas[f.schema] {
			return ""
		}
	}
	if slices.ContainsFunc(users, func(s string) bool { return hasSchemaPost(files, s) }) {
		return ""
	}
	sort.Strings(users)
	words := make([]string, len(users))
	for i, u := range users {
		words[i] = shellWord(u)
	}
	return "the dump holds no trigger, stored routine or event (no -schema-triggers.sql or -schema-post.sql file: mydumper 0.10 " +
		"writes them only with --triggers, --routines and --events): if " + quotedList(users) + " on the source hold any, myloader " +
		"restores none of them; dump them alone (mariadb-dump --host SOURCE --user USER -p --no-data --no-create-info --no-create-db " +
		"--triggers --routines --events --databases " + strings.Join(words, " ") + " > objects.sql) and load that after myloader " +
		"(mysql --host TARGET --user USER -p < objects.sql), or dump again with those three mydumper options"
}
