package main

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// savedOlderGap records a gap when the profile loaded with --from was
// saved by a mytune that wrote fewer of the profile's fields than this one
// (no "fields_revision", or a lower one): the facts added since are absent
// from it, not zero, and the report says so once, beside the gaps that
// name those this advice needed (review r57: six commits' profiles, from
// c455cf37 of 2026-11-30 on, were advised on without a word of it).
func savedOlderGap(p *profile.Profile) {
	if !p.OlderFields() || hasGap(p, profile.ProfileOlderGap) { // an advice saved from such a profile holds it already

		return
	}
	saved := "no fields_revision: a mytune before it"
	if p.FieldsRevision > 0 {
		saved = fmt.Sprintf("fields_revision %d", p.FieldsRevision)
	}
	p.AddGap(profile.ProfileOlderGap, fmt.Sprintf("the profile was saved by an older mytune (%s; this one writes %d): "+
		"facts added since are absent from it, not zero, and the advice does without them; probe again "+
		"(mytune probe --format json --out FILE) for a complete profile", saved, profile.FieldsRevision))
}

// savedSplitGaps records a gap for each list a restore plan needs to tell
// the target's data in the dump's databases from the rest, when the
// profile (or advice) loaded with --from was saved by a mytune that did
// not write it: the saved server's "schemas" (written since 2026-12-06
// when the table sizes were read) or the saved dump's "databases" (written
// [] when none is named). Without them the plan counted all the server's
// InnoDB data as "outside the dump's databases" and kept it beside the
// load in the pool, and said nothing of the dump's databases already
// holding tables on TARGET (review r57: advices saved by c455cf37 to
// 8adc172f gave "3.0 MiB of it kept for the 3.0 MiB of InnoDB data the
// server already holds outside the dump's databases" for a dump of that
// very database; today's mytune warns that `shop` holds 2 tables there).
// A server or dump read now always has them.
func savedSplitGaps(p *profile.Profile) {
	d, s := p.Dump, p.Server
	if d == nil {
		return
	}
	if d.Databases == nil && !hasGap(p, gapDumpDatabases) {
		p.AddGap(gapDumpDatabases, "the saved dump facts of "+profile.OrUnknown(d.Path)+" come from a mytune that did not list "+
			"the dump's databases (no databases): the restore plan counts all of the target's InnoDB data as held in the "+
			"buffer pool beside the load, and does not say whether they hold tables on TARGET: give --dump DIR to read the dump again")
	}
	if s == nil || !s.Reachable || s.Source != "server" || s.TablesError != "" || s.Tables == 0 ||
		s.Schemas != nil || s.SchemasOmitted > 0 || hasGap(p, gapServerSchemas) {
		return
	}
	p.AddGap(gapServerSchemas, "the saved server facts come from a mytune that did not list the server's schemas (no "+
		"schemas): the restore plan counts all of its InnoDB data as held in the buffer pool beside the load, and does not "+
		"say whether the dump's databases hold tables on TARGET: give the server's flags with --from to read it again")
}
