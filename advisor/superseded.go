package advisor

import "github.com/mytune/mytune/rules"

// SupersededBy names the rule whose finding advise reports for rule id's
// variable in place of id's own: id fired on env, but Dedupe keeps one
// finding per variable (the most severe, then the first by id) and kept
// another's. "" when id did not fire, sets no variable, or is the one kept.
// `rules explain --from` says it, so that "fired" agrees with the report
// (QA: io.capacity_max "fired yes" where advise showed
// hygiene.io_capacity_max_below_capacity_mariadb for the variable).
func SupersededBy(cat *rules.Catalogue, env rules.Env, id string) string {
	hits, _ := cat.Evaluate(env)
	variable := ""
	for _, h := range hits {
		if h.ID == id {
			variable = h.Variable
		}
	}
	if variable == "" {
		return ""
	}
	kept, _ := Dedupe(toFindings(hits))
	for _, f := range kept {
		if f.Variable == variable && f.ID != id {
			return f.ID
		}
	}
	return ""
}
