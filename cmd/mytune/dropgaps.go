package main

import (
	"slices"

	"github.com/mytune/mytune/profile"
)

// Gap probes of the facts a saved profile lacks (savedMyCnfGap, useDump,
// savedNamesGap, savedSplitGaps). They stay in an advice saved from such a profile, whose
// lists are then written []; dropGaps takes one out when the facts are
// read again now (--mycnf, --dump, server flags, --variables).
const (
	gapMyCnfWarnings = "mycnf.warnings"
	gapTableModels   = "dump.table_models"
	gapServerNames   = "server.backtick_names"
	gapServerSchemas = "server.schemas"
	gapDumpDatabases = "dump.databases"
)

// dropGaps removes the profile's gaps of the probes named.
func dropGaps(p *profile.Profile, probes ...string) {
	p.Gaps = slices.DeleteFunc(p.Gaps, func(g profile.Gap) bool { return slices.Contains(probes, g.Probe) })
}

// hasGap reports whether the profile holds a gap of the probe named: an
// advice saved from an older profile keeps the gaps savedSplitGaps and
// savedOlderGap made, while its lists are written [] (review r57).
func hasGap(p *profile.Profile, probe string) bool {
	return slices.ContainsFunc(p.Gaps, func(g profile.Gap) bool { return g.Probe == probe })
}
