package rules

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"

	"github.com/mytune/mytune/profile"
)

// Spec is a rule as written in a YAML rule file.
type Spec struct {
	ID              string   `yaml:"id" json:"id"`
	Severity        string   `yaml:"severity" json:"severity"` // crit, warn, note
	Category        string   `yaml:"category" json:"category"`
	Applies         Applies  `yaml:"applies" json:"applies"`
	When            string   `yaml:"when" json:"when"`
	Variable        string   `yaml:"variable" json:"variable,omitempty"`
	Recommend       string   `yaml:"recommend" json:"recommend,omitempty"`
	Summary         string   `yaml:"summary" json:"summary"`
	Detail          string   `yaml:"detail" json:"detail"`
	RestartRequired bool     `yaml:"restart_required" json:"restart_required"`
	References      []string `yaml:"references" json:"references"`
}

// Applies says which servers a rule is for: flavors ("mysql" also covers
// Percona Server; empty = all) and a version range such as ">=8.0.30, <9".
type Applies struct {
	Flavors  []string `yaml:"flavors" json:"flavors,omitempty"`
	Versions string   `yaml:"versions" json:"versions,omitempty"`
}

// Rule is a compiled rule: its expressions type-checked against Env.
type Rule struct {
	Spec
	// File is where the rule was loaded from.
	File      string
	versions  versionRange
	when      *vm.Program
	recommend *vm.Program
	detail    []detailPart
}

// detailPart is literal text or a compiled {{ expression }}.
type detailPart struct {
	text string
	prog *vm.Program
}

var severities = map[string]bool{"crit": true, "warn": true, "note": true}

// compile checks a spec and compiles its expressions against Env.
func compile(s Spec, file string) (*Rule, error) {
	r := &Rule{Spec: s, File: file}
	fail := func(what string, err error) (*Rule, error) {
		return nil, fmt.Errorf("%s: rule %q: %s: %w", file, s.ID, what, err)
	}
	switch {
	case s.ID == "":
		return nil, fmt.Errorf("%s: a rule has no id (summary %q): give every rule an id", file, s.Summary)
	case !severities[s.Severity]:
		return fail("severity", fmt.Errorf("%q is not crit, warn or note", s.Severity))
	case s.When == "":
		return fail("when", fmt.Errorf("empty: say when the rule fires"))
	case s.Summary == "":
		return fail("summary", fmt.Errorf("empty"))
	case (s.Variable == "") != (s.Recommend == ""):
		return fail("recommend", fmt.Errorf("variable and recommend go together (variable %q)", s.Variable))
	case s.Variable != "" && !isKnown(s.Variable):
		return fail("variable", fmt.Errorf("%q is not a variable mytune knows the kind and versions of, so it cannot write it into the cnf: a rule may set only the variables the built-in rules set (mytune rules list), or leave variable and recommend out and say it in the detail", s.Variable))
	}
	var err error
	if r.versions, err = parseRange(s.Applies.Versions); err != nil {
		return fail("applies.versions", err)
	}
	for _, fl := range s.Applies.Flavors {
		if fl != profile.FlavorMySQL && fl != profile.FlavorMariaDB && fl != profile.FlavorPercona {
			return fail("applies.flavors", fmt.Errorf("%q is not mysql, mariadb or percona", fl))
		}
	}
	if r.when, err = expr.Compile(s.When, compileOptions(expr.AsBool())...); err != nil {
		return fail("when", err)
	}
	if s.Recommend != "" {
		if r.recommend, err = expr.Compile(s.Recommend, compileOptions(expr.AsKind(reflect.String))...); err != nil {
			return fail("recommend", err)
		}
	}
	if r.detail, err = compileTemplate(s.Detail); err != nil {
		return fail("detail", err)
	}
	return r, nil
}

// isKnown reports whether name is in knownVars.
func isKnown(name string) bool { _, ok := knownVars[name]; return ok }

// compileTemplate splits "text {{ expr }} text" and compiles each expression.
func compileTemplate(s string) ([]detailPart, error) {
	var parts []detailPart
	for s != "" {
		i := strings.Index(s, "{{")
		if i < 0 {
			parts = append(parts, detailPart{text: s})
			break
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			return nil, fmt.Errorf("unclosed {{ at %q", s[i:])
		}
		src := strings.TrimSpace(s[i+2 : i+j])
		prog, err := expr.Compile(src, compileOptions()...)
		if err != nil {
			return nil, fmt.Errorf("{{ %s }}: %w", src, err)
		}
		parts = append(parts, detailPart{text: s[:i]}, detailPart{prog: prog})
		s = s[i+j+2:]
	}
	return parts, nil
}

// AppliesTo reports whether the rule is for this flavor and version, and
// whether that server accepts the rule's variable.
func (r *Rule) AppliesTo(flavor string, v profile.Version) bool {
	return r.inRange(flavor, v) && (r.Variable == "" || Accepts(flavor, v, r.Variable))
}

// inRange reports whether flavor and version are in the rule's applies.
func (r *Rule) inRange(flavor string, v profile.Version) bool {
	if len(r.Applies.Flavors) > 0 {
		ok := false
		for _, fl := range r.Applies.Flavors {
			ok = ok || fl == flavor || (fl == profile.FlavorMySQL && flavor == profile.FlavorPercona)
		}
		if !ok {
			return false
		}
	}
	return r.versions.contains(v)
}

// renderDetail runs the detail template against env.
func (r *Rule) renderDetail(env Env) (string, error) {
	var b strings.Builder
	for _, p := range r.detail {
		if p.prog == nil {
			b.WriteString(p.text)
			continue
		}
		out, err := expr.Run(p.prog, env)
		if err != nil {
			return "", err
		}
		if f, ok := out.(float64); ok {
			out = env.N(f)
		}
		fmt.Fprint(&b, out)
	}
	return strings.TrimSpace(b.String()), nil
}
