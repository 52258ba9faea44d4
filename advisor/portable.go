package advisor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// candidate is the advice for one group of an unknown-target cnf.
type candidate struct {
	group rules.PortableGroup
	label string // "MariaDB 10.11", "MySQL 8.4"
	adv   targetAdvice
}

// advisePortable advises an unknown target: the catalogue runs once per
// distinct target of rules.PortableGroups; a finding all of them make
// alike is listed once, any other names the servers it is for; the cnf
// puts a setting in [mysqld] only when every candidate advises the same
// value and every supported server accepts it, else in the groups only
// the servers it was advised for read.
func advisePortable(a *Advice, p profile.Profile, cat *rules.Catalogue, opts AdviseOptions) error {
	var cands []candidate
	byTarget := map[profile.Target]targetAdvice{}
	for _, g := range rules.PortableGroups {
		r, ok := byTarget[g.Target]
		if !ok {
			var err error
			if r, err = adviseFor(p, g.Target, cat, opts.Durability); err != nil {
				return fmt.Errorf("advising for %s %s (target unknown): %w", g.Target.Flavor, g.Target.Version, err)
			}
			byTarget[g.Target] = r
			a.Notes = appendNew(a.Notes, r.notes...)
		}
		cands = append(cands, candidate{group: g, label: profile.FlavorName(g.Target.Flavor) + " " + series(g.Target.Version), adv: r})
	}
	a.Findings = mergeFindings(cands)
	a.Cnf = PortableCnf(cands, a.Target.Reason, opts.ToolVersion)
	return nil
}

// versionClaimPrefix marks the rules that judge the server's version
// itself (end of life): with an unknown target the version is one mytune
// picked to advise for, not the user's, so they are left out.
const versionClaimPrefix = "hygiene.eol_"

// mergeFindings lists each distinct finding once (same id, variable,
// current and recommended value); one not every target makes gets the
// targets it is for appended to its summary. Claims on the version
// itself (versionClaimPrefix) are left out.
func mergeFindings(cands []candidate) []Finding {
	type entry struct {
		f      Finding
		labels []string
	}
	var order []string
	seen := map[string]*entry{}
	targets := []string{}
	for _, c := range cands {
		if slices.Contains(targets, c.label) {
			continue
		}
		targets = append(targets, c.label)
		for _, f := range c.adv.findings {
			if strings.HasPrefix(f.ID, versionClaimPrefix) {
				continue
			}
			key := strings.Join([]string{f.ID, f.Variable, f.Current, f.Recommended}, "\x00")
			if e, ok := seen[key]; ok {
				e.labels = append(e.labels, c.label)
				// a restart for any server reading the line (innodb_read_io_threads: online on MariaDB 10.11 only)
				e.f.RestartRequired = e.f.RestartRequired || f.RestartRequired
				continue
			}
			seen[key] = &entry{f: f, labels: []string{c.label}}
			order = append(order, key)
		}
	}
	out := make([]Finding, 0, len(order))
	for _, k := range order {
		e := seen[k]
		if len(e.labels) < len(targets) {
			e.f.Summary += " (" + strings.Join(e.labels, ", ") + ")"
		}
		out = append(out, e.f)
	}
	return out
}

// series is the major.minor of a version ("8.0.11" → "8.0"): a group is
// advised for a whole series.
func series(v string) string {
	pv, ok := profile.ParseVersion(v)
	if !ok {
		return v
	}
	return fmt.Sprintf("%d.%d", pv.Major, pv.Minor)
}

// appendNew appends the strings not in list yet.
func appendNew(list []string, add ...string) []string {
	for _, s := range add {
		if !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}
