package advisor

import (
	"fmt"
	"sort"
	"strings"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// Durability modes (CONTRACT.md: --durability strict|relaxed).
const (
	DurabilityStrict  = "strict"
	DurabilityRelaxed = "relaxed"
)

// AdviseOptions are the knobs of one advice run.
type AdviseOptions struct {
	// Catalogue is the loaded rule set; nil loads the built-in one.
	Catalogue *rules.Catalogue
	// Target is --target ("mysql-8.4", "mariadb-10.11"); a live server wins
	// over it; without both, the installed server or the my.cnf's groups
	// decide, else the target is unknown (rules.ResolveTarget).
	Target string
	// Durability is "strict" (default) or "relaxed".
	Durability string
	// Task is --task: what to size threads for (all, dump, load, copy, oltp).
	Task string
	// ToolVersion is written in the cnf header.
	ToolVersion string
	// Calibration is calibrate --dump's measurement on the target, if given.
	Calibration *threads.Calibration
	// SavedServer says the profile's server block was read when the
	// profile was saved (advise --from without server flags), not now: the
	// target's reason and notes say so instead of "the live server".
	SavedServer bool
	// ServerFlags are the server flags that named the live server read, as
	// shell words (threads.Options.ServerFlags); "" when none did.
	ServerFlags string
}

// savedServerWording names a saved profile's server as saved, with when
// it was read, where a text says "the live server" (advise --from).
func savedServerWording(p profile.Profile, text string) string {
	saved := "the server saved in the profile"
	if !p.TakenAt.IsZero() {
		saved += " (read " + p.TakenAt.UTC().Format("2006-01-02 15:04 UTC") + ")"
	}
	return strings.Replace(text, "the live server", saved, 1)
}

// inputNotes are the notes on what advise was given: the target's note,
// the my.cnf's, where it and the server disagree, the dump's, and what is
// missing (no server or my.cnf, host memory).
func inputNotes(p profile.Profile, t profile.Target, targetNote string) []string {
	var notes []string
	if targetNote != "" {
		notes = append(notes, targetNote)
	}
	if n := profile.UnknownSeriesNote(t.Flavor, t.Version); n != "" && t.Source != profile.SourceDefault {
		notes = append(notes, n)
	}
	if n := myCnfSeriesNote(p.MyCnf, t.Flavor, t.Version); n != "" {
		notes = append(notes, n)
	}
	notes = append(notes, myCnfNotes(p.MyCnf, t.Flavor, t.Version)...)
	if n := cnfServerNote(p, t.Flavor, t.Version); n != "" {
		notes = append(notes, n)
	}
	notes = append(notes, dumpNotes(p.Dump)...)
	if n := managedNote(p.Server); n != "" {
		notes = append(notes, n)
	}
	if (p.Server == nil || !p.Server.Reachable) && p.MyCnf == nil {
		notes = append(notes, "no server and no my.cnf: current values are the target's documented defaults")
	}
	if why := p.Host.ServerElsewhere; why != "" {
		notes = append(notes, fmt.Sprintf("%s: this machine's memory (%s usable) is not the server's, so the memory rules "+
			"(buffer pool, max_connections) were skipped and the restore plan sizes for the pool the server has; "+
			"run mytune on the database host to size them", why, profile.HumanBytes(p.Host.Memory.EffectiveBytes())))
	} else if p.Host.Memory.EffectiveBytes() == 0 {
		notes = append(notes, "host memory unknown (memory.total_bytes 0): the memory rules (buffer pool, max_connections) were skipped")
	}
	return notes
}

// Advise runs the rules over p and returns the advice. It does no I/O.
func Advise(p profile.Profile, opts AdviseOptions) (Advice, error) {
	if opts.Durability == "" {
		opts.Durability = DurabilityStrict
	}
	if opts.Durability != DurabilityStrict && opts.Durability != DurabilityRelaxed {
		return Advice{}, fmt.Errorf("durability %q: use strict or relaxed", opts.Durability)
	}
	cat, err := catalogueOf(opts)
	if err != nil {
		return Advice{}, err
	}
	t, note, err := rules.ResolveTarget(p, opts.Target)
	if err != nil {
		return Advice{}, err
	}
	if opts.SavedServer && t.Source == profile.SourceServer {
		t.Reason, note = savedServerWording(p, t.Reason), savedServerWording(p, note)
	}
	a := Advice{Schema: Schema, Profile: p, Findings: []Finding{}, ApplyNow: []string{},
		Target: t, Notes: inputNotes(p, t, note)}
	var derived map[string]string
	if t.Unknown() {
		if err := advisePortable(&a, p, cat, opts); err != nil {
			return Advice{}, err
		}
	} else {
		r, err := adviseFor(p, t, cat, opts.Durability)
		derived = r.derived
		if err != nil {
			return Advice{}, err
		}
		a.Findings = append(r.findings, backupPage(p)...)
		a.Notes = append(a.Notes, r.notes...)
		a.Cnf = Cnf(a, r.version, opts.ToolVersion)
		a.ApplyNow = ApplyNow(a, r.version)
		a.ApplyNowAccount = threads.ApplyNowAccountNote(&p, t, a.ApplyNow)
	}
	refused := myCnfRefusals(p.MyCnf, t.Flavor, t.Version)
	a.Findings = append(a.Findings, refused...)
	a.Cnf = withBanner(a.Cnf, refusalBanner(refused))
	SortFindings(a.Findings)
	a.Verdict = Verdict(p, cat.Thresholds.SlowCommitsPerS)
	a.Trust = append([]profile.TrustNote{}, Trust(&p)...)
	var advised map[string]string // an unknown target's cnf holds one value per server: size for the current ones
	if !t.Unknown() {
		advised = cnfValues(a.Cnf)
	}
	a.Threads = sizeThreads(withDerived(p, derived), t, opts, advised, hasFinding(a.Findings, "memory.no_room_for_pool"))
	room := append(restoreRoom(p.ServersView(), a.Threads.LoadedInnoDBBytes > 0), restoreReplica(p, opts.Task)...)
	if room = append(room, forceRecovery(p)...); room != nil {
		a.Findings = append(a.Findings, room...)
		SortFindings(a.Findings)
	}
	return withEmptyLists(a), nil
}

// catalogueOf is the rule catalogue opts names, else the built-in one.
func catalogueOf(opts AdviseOptions) (*rules.Catalogue, error) {
	if opts.Catalogue != nil {
		return opts.Catalogue, nil
	}
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		return nil, fmt.Errorf("loading the built-in rules: %w", err)
	}
	return cat, nil
}

// withEmptyLists is a with every list the contract promises present:
// [] when empty, never absent (CONTRACT: "notes", "findings", "warnings").
func withEmptyLists(a Advice) Advice {
	if a.Notes == nil {
		a.Notes = []string{}
	}
	if a.Findings == nil {
		a.Findings = []Finding{}
	}
	if a.Threads.Notes == nil {
		a.Threads.Notes = []string{}
	}
	if a.Threads.Warnings == nil {
		a.Threads.Warnings = []string{}
	}
	return a
}

// targetAdvice is the advice for one known target.
type targetAdvice struct {
	target   profile.Target
	version  profile.Version
	findings []Finding
	notes    []string
	// derived is what innodb_dedicated_server = ON makes the server derive
	// for the variables the my.cnf leaves unset (rules.Facts.DedicatedValues).
	derived map[string]string
}

// newEnv is rules.NewEnv with the room a --dump restore takes raised to
// its loaded tablespace (threads.LoadedBytes), not the dump's file size
// (compressed, or SQL text), so the redo note and the plan's growRedo
// reserve the same bytes.
func newEnv(p profile.Profile, f rules.Facts, th rules.Thresholds, durability string) rules.Env {
	env := rules.NewEnv(p, f, th, durability)
	if n := threads.LoadedBytes(p.Dump); n > env.DumpBytes {
		env.DumpBytes = n
	}
	return env
}

// adviseFor runs the catalogue for one known target: facts, rules,
// de-duplicated findings, and a sentence on each size that was held below
// its ideal so that it fits (rules.Env.FitNote).
func adviseFor(p profile.Profile, t profile.Target, cat *rules.Catalogue, durability string) (targetAdvice, error) {
	facts, err := rules.BuildFacts(p, t)
	if err != nil {
		return targetAdvice{}, err
	}
	env := newEnv(p, facts, cat.Thresholds, durability)
	hits, problems := cat.Evaluate(env)
	fs, dropped := Dedupe(toFindings(hits))
	problems = append(problems, dropped...)
	for i := range fs {
		if n := env.FitNote(fs[i].Variable); n != "" {
			fs[i].Detail = strings.TrimSpace(fs[i].Detail + " " + n)
		}
	}
	if facts.InnoDBOff {
		problems = append(problems, rules.InnoDBOffNote)
	}
	return targetAdvice{target: t, version: facts.Version, findings: fs,
		notes: append(problems, env.FitNotes()...), derived: facts.DedicatedValues()}, nil
}

// toFindings converts rule hits into findings.
func toFindings(hits []rules.Hit) []Finding {
	out := make([]Finding, 0, len(hits))
	for _, h := range hits {
		out = append(out, Finding{ID: h.ID, Severity: Severity(h.Severity), Summary: h.Summary,
			Detail: h.RenderedDetail, Variable: h.Variable, Current: h.Current, Recommended: h.Recommended,
			RestartRequired: h.RestartRequired, Category: h.Category, References: h.References})
	}
	return out
}

// Dedupe keeps one finding per id and one per variable: the most severe,
// then the first by id, so the cnf never sets a variable twice. Each
// finding it drops is said in a note (a --rules rule on a variable a
// built-in rule also sets displaced one of them without a word).
func Dedupe(fs []Finding) ([]Finding, []string) {
	best := map[string]int{}
	var out []Finding
	var lost []Finding
	for _, f := range fs {
		key := "id:" + f.ID
		if f.Variable != "" {
			key = "var:" + f.Variable
		}
		i, seen := best[key]
		switch {
		case !seen:
			best[key] = len(out)
			out = append(out, f)
		case f.Severity.Rank() < out[i].Severity.Rank() ||
			(f.Severity.Rank() == out[i].Severity.Rank() && f.ID < out[i].ID):
			lost = append(lost, out[i])
			out[i] = f
		default:
			lost = append(lost, f)
		}
	}
	var notes []string
	for _, l := range lost {
		key := "id:" + l.ID
		if l.Variable != "" {
			key = "var:" + l.Variable
		}
		kept := out[best[key]]
		if kept.ID == l.ID || kept.Recommended == l.Recommended {
			continue // the same rule twice, or the same advice: nothing lost
		}
		notes = append(notes, fmt.Sprintf("rule %s (%s) also advised %s = %s; the report keeps %s (%s: %s), one line per variable",
			l.ID, l.Severity, l.Variable, l.Recommended, kept.ID, kept.Severity, kept.Recommended))
	}
	return out, notes
}

// cnfValues reads back the "name = value" lines of the advice's cnf: what
// the load runs with once it is applied (the last line of a name wins, as
// mysqld reads it).
func cnfValues(cnf string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(cnf, "\n") {
		name, value, ok := strings.Cut(line, "=")
		if line = strings.TrimSpace(line); !ok || line == "" || line[0] == '#' || line[0] == '[' {
			continue
		}
		out[strings.TrimSpace(name)] = strings.TrimSpace(value)
	}
	return out
}

// SortFindings orders findings by severity, then category, then id.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Severity.Rank() != b.Severity.Rank() {
			return a.Severity.Rank() < b.Severity.Rank()
		}
		if a.Category != b.Category {
			return a.Category < b.Category
		}
		return a.ID < b.ID
	})
}

// withDerived is p with the my.cnf's variables completed by what the
// server derives for those it leaves unset (innodb_dedicated_server = ON:
// a file with only that line runs an 18G pool on 24G of memory, not the
// 128M default the load would otherwise be sized for); p itself is not
// changed.
func withDerived(p profile.Profile, derived map[string]string) profile.Profile {
	if len(derived) == 0 || p.MyCnf == nil {
		return p
	}
	cnf := *p.MyCnf
	cnf.Variables = make(map[string]string, len(p.MyCnf.Variables)+len(derived))
	for k, v := range p.MyCnf.Variables {
		cnf.Variables[k] = v
	}
	for k, v := range derived {
		if _, set := cnf.Variables[k]; !set {
			cnf.Variables[k] = v
		}
	}
	p.MyCnf = &cnf
	return p
}

// SavedServerFlags name the target in a printed mytune line when the
// server advised for is a saved profile's (advise --from, no server flags
// now), as the restore lines name it (--host TARGET --user USER).
const SavedServerFlags = "--host TARGET --user USER -p"

// calibrateServerFlags are the server flags of the calibrate line the
// notes print: those that named the server read now, else for a saved
// server SavedServerFlags (review r17: without them the line reproduced
// from a saved profile, pasted, calibrated whatever server mytune found
// on the machine it ran on, or none), else none.
func calibrateServerFlags(opts AdviseOptions) string {
	if opts.ServerFlags == "" && opts.SavedServer {
		return SavedServerFlags
	}
	return opts.ServerFlags
}

// sizeThreads runs the thread sizing of package advisor/threads for the
// task and durability asked for, on the resolved target t (a live server,
// else --target, else the installed server, else the my.cnf, else
// unknown, which gets both tool families unless the profile has a live
// server).
// advised (the findings' recommended values) is what the load runs with
// once the advice's my.cnf is applied; poolUnfit, that no pool fits this
// memory (memory.no_room_for_pool), which the plan says where it names the pool.
func sizeThreads(p profile.Profile, t profile.Target, opts AdviseOptions, advised map[string]string, poolUnfit bool) Threads {
	plan := threads.Size(&p, threads.Options{Task: opts.Task, Durability: opts.Durability,
		Target: t, Advised: advised, PoolUnfit: poolUnfit,
		Calibration: opts.Calibration, ServerFlags: calibrateServerFlags(opts)})
	if plan.Commands == nil {
		plan.Commands = []string{}
	}
	return plan
}
