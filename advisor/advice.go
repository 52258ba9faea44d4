// Package advisor turns a Profile into Advice: it runs the rule catalogue
// (package rules) over the profile, sorts and de-duplicates the findings,
// writes a my.cnf fragment and leaves a hook for thread sizing. It is pure:
// a Profile in, Advice out, so `mytune advise --from profile.json`
// reproduces any advice offline. Rendering lives in render.
package advisor

import (
	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
)

// Schema is the JSON schema name written into every Advice (CONTRACT.md).
const Schema = "mytune.advice/v1"

// Severity ranks a finding: crit first, then warn, then note.
type Severity string

// Severities a rule may carry (CONTRACT.md "JSON: advice").
const (
	SeverityCrit Severity = "crit"
	SeverityWarn Severity = "warn"
	SeverityNote Severity = "note"
)

// Rank orders severities for sorting: 0 is the most severe; an unknown
// severity sorts last.
func (s Severity) Rank() int {
	switch s {
	case SeverityCrit:
		return 0
	case SeverityWarn:
		return 1
	case SeverityNote:
		return 2
	}
	return 3
}

// Valid reports whether s is one of crit, warn, note.
func (s Severity) Valid() bool { return s.Rank() < 3 }

// Advice is the whole answer of `mytune advise`. Its JSON encoding is fixed
// by CONTRACT.md ("JSON: advice"); fields may be added, never renamed.
type Advice struct {
	Schema  string          `json:"schema"`
	Profile profile.Profile `json:"profile"`
	// Target is the flavor and version the advice was made for.
	Target profile.Target `json:"target"`
	// Verdict is one sentence on the storage, with its numbers.
	Verdict  string    `json:"verdict"`
	Findings []Finding `json:"findings"`
	Threads  Threads   `json:"threads"`
	// Cnf is a "[mysqld]" my.cnf fragment mysqld accepts as it is.
	Cnf string `json:"cnf"`
	// ApplyNow is the SET GLOBAL statements that put the cnf's settings
	// that need no restart into effect now (ApplyNow); [] when none.
	ApplyNow []string `json:"apply_now"`
	// ApplyNowAccount says which ApplyNow lines the account mytune read
	// the server as may not run, and the privilege each needs
	// (threads.ApplyNowAccountNote); "" when it may run them all or the
	// account was not read.
	ApplyNowAccount string `json:"apply_now_account,omitempty"`
	// Notes are facts about how the advice was made a reader should know
	// ("no server and no my.cnf: current values are the target's documented defaults").
	Notes []string `json:"notes"`
	// Trust is when to trust the measured figures less, one note per
	// figure (Trust), computed afresh from the profile's figures: [] when
	// nothing is shaky or nothing was measured.
	Trust []profile.TrustNote `json:"trust"`
}

// Finding is one judgement of one rule on one profile.
type Finding struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"`
	Summary  string   `json:"summary"`
	// Detail names the measured numbers and settings the finding rests on.
	Detail string `json:"detail"`
	// Variable is the server variable the finding sets, or "".
	Variable string `json:"variable"`
	// Current is the value in effect (as mysqld prints or accepts it), or "".
	Current string `json:"current"`
	// Recommended is the value to set (K/M/G sizes), or "" for a finding
	// without a variable.
	Recommended     string `json:"recommended"`
	RestartRequired bool   `json:"restart_required"`
	// Category groups findings: "memory", "redo", "io", "durability",
	// "storage", "hygiene".
	Category   string   `json:"category,omitempty"`
	References []string `json:"references"`
}

// Threads is the thread-sizing block: how many threads to dump, load and
// copy with on this hardware, ready-to-run commands, temporary load-time
// settings with their undo, and the estimated restore time. Package
// advisor/threads sizes it.
type Threads = threads.Plan

// ThreadChoice is one thread count and the reasoning behind it.
type ThreadChoice = threads.Choice

// hasFinding reports whether fs holds the finding of rule id.
func hasFinding(fs []Finding, id string) bool {
	for _, f := range fs {
		if f.ID == id {
			return true
		}
	}
	return false
}
