package dump

import (
	"sort"
	"strings"
)

// caseCollisions lists the dump's names that differ only in letter case:
// databases (`shop` and `Shop`), and tables of one database (`db`.`Foo`
// and `db`.`foo`), each group as its names quoted for SQL and joined by
// " and ", sorted. A server with lower_case_table_names 1 or 2 takes such
// names for one: reproduced with MariaDB 10.11.19 (lower_case_table_names
// = 1) on 2026-12-06, myloader 0.10 loaded `casey`.`Foo`'s rows into
// `casey`.`foo` ("Table 'foo' already exists", exit 1, the rows of both
// mixed in one table), and mysql < a mysqldump file of both exited 0
// with `casey`.`Foo` dropped by `casey`.`foo`'s DROP TABLE IF EXISTS.
func (t *tally) caseCollisions() []string {
	schemas := make([]string, 0, len(t.schemas))
	for s := range t.schemas {
		schemas = append(schemas, s)
	}
	out := collide(schemas, func(s string) string { return quoteName(s) })
	bySchema := map[string][]string{}
	for key := range t.tables {
		s := t.schemaOf[key]
		bySchema[strings.ToLower(s)] = append(bySchema[strings.ToLower(s)], key)
	}
	for _, keys := range bySchema {
		out = append(out, collide(keys, func(key string) string {
			s := t.schemaOf[key]
			if s == "" { // a mysqldump file that selects no database
				return quoteName(strings.TrimPrefix(key, "."))
			}
			return quoteName(s) + "." + quoteName(strings.TrimPrefix(key, s+"."))
		})...)
	}
	sort.Strings(out)
	return out
}

// collide groups names by their lower-case form and returns each group of
// more than one distinct name, quoted by q, sorted and joined by " and ".
func collide(names []string, q func(string) string) []string {
	groups := map[string][]string{}
	for _, n := range names {
		groups[strings.ToLower(n)] = append(groups[strings.ToLower(n)], q(n))
	}
	out := []string{}
	for _, g := range groups {
		if len(g) > 1 {
			sort.Strings(g)
			out = append(out, strings.Join(g, " and "))
		}
	}
	return out
}

// quoteName quotes a database or table name as SQL writes it.
func quoteName(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }
