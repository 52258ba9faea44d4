package rules

import (
	"fmt"
	"github.com/mytune/mytune/profile"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// Explanation is one rule in full for `mytune rules explain ID`, and, when
// a profile was given, why it fired or not.
type Explanation struct {
	Spec
	File string `json:"file"`
	// Evaluated is true when a profile was given.
	Evaluated bool `json:"evaluated"`
	// Applies is false when the target's flavor/version is outside the rule's range.
	Applies     bool      `json:"applies"`
	Fired       bool      `json:"fired"`
	Values      []Operand `json:"values,omitempty"`
	Current     string    `json:"current,omitempty"`
	Recommended string    `json:"recommended,omitempty"`
	Detail      string    `json:"detail_rendered,omitempty"`
	Error       string    `json:"error,omitempty"`
	// Reason says why the rule does not apply to the target ("does not
	// apply to mariadb 10.11: the rule is for mysql >=8.0.30"); the rule is
	// then not evaluated and Detail repeats it.
	Reason string `json:"reason,omitempty"`
	// Target is the --target the explanation was asked for without a
	// profile ("mysql-8.4"): Applies and Reason then say whether the rule
	// applies to it, nothing is evaluated. TargetNote says when a given
	// --target was set aside for the profile's server.
	Target     string `json:"target,omitempty"`
	TargetNote string `json:"target_note,omitempty"`
	// SupersededBy is the rule whose finding advise reports for this
	// rule's variable in place of this one's, though this one fired (one
	// finding per variable: advisor.Dedupe); "" when this one's is kept.
	SupersededBy string `json:"superseded_by,omitempty"`
}

// ExplainForTarget is Explain without a profile, for the server t: whether
// the rule applies to it, and why not (QA: --target was checked and then
// dropped, so a MariaDB-only rule looked as if it applied to MySQL 8.4).
func (c *Catalogue) ExplainForTarget(id string, t profile.Target) (Explanation, error) {
	x, err := c.Explain(id, nil)
	if err != nil {
		return x, err
	}
	r, _ := c.Get(id)
	v, err := profile.ParseVersionStrict(t.Version)
	if err != nil {
		return x, fmt.Errorf("target %s: %w", t.Version, err)
	}
	v = seriesFloor(t.Flavor, t.Version, v)
	x.Target = t.Flavor + "-" + t.Version
	x.Applies = r.AppliesTo(t.Flavor, v)
	if !x.Applies {
		x.Reason = r.notApplying(Facts{Flavor: t.Flavor, Version: v, VersionText: t.Version})
	}
	return x, nil
}

// notApplying words why r does not apply to the target of f.
func (r *Rule) notApplying(f Facts) string {
	target := f.Flavor + " " + f.VersionText
	var want []string
	if len(r.Applies.Flavors) > 0 {
		want = append(want, strings.Join(r.Applies.Flavors, "/"))
	}
	if r.Applies.Versions != "" {
		want = append(want, r.Applies.Versions)
	}
	if len(want) > 0 && !r.inRange(f.Flavor, f.Version) {
		return fmt.Sprintf("does not apply to %s: the rule is for %s", target, strings.Join(want, " "))
	}
	return fmt.Sprintf("does not apply to %s: it has no variable %s", target, r.Variable)
}

// Operand is one sub-expression of `when` and its value on the profile.
type Operand struct {
	Expr  string `json:"expr"`
	Value string `json:"value"`
}

// Explain describes rule id; with env non-nil it also evaluates `when` on
// it and shows the value of each compared operand.
func (c *Catalogue) Explain(id string, env *Env) (Explanation, error) {
	r, ok := c.Get(id)
	if !ok {
		return Explanation{}, fmt.Errorf("no rule %q: `mytune rules list` shows the ids", id)
	}
	x := Explanation{Spec: r.Spec, File: r.File}
	if env == nil {
		return x, nil
	}
	x.Evaluated = true
	x.Applies = r.AppliesTo(env.F.Flavor, env.F.Version)
	if !x.Applies {
		x.Reason = r.notApplying(env.F)
		return x, nil
	}
	for _, src := range operands(r.when.Node()) {
		x.Values = append(x.Values, Operand{Expr: src, Value: evalString(src, *env)})
	}
	h, fired, err := r.eval(*env)
	if err != nil {
		x.Error = err.Error()
	}
	x.Fired = fired
	x.Current, x.Recommended, x.Detail = h.Current, h.Recommended, h.RenderedDetail
	if r.Variable != "" && x.Current == "" {
		x.Current = CurrentValue(env.F, r.Variable)
	}
	return x, nil
}

// operands lists the leaves of &&, ||, ! and comparisons in a when
// expression, as source text, without literals.
func operands(n ast.Node) []string {
	switch v := n.(type) {
	case *ast.BinaryNode:
		return append(operands(v.Left), operands(v.Right)...)
	case *ast.UnaryNode:
		return operands(v.Node)
	case *ast.IntegerNode, *ast.FloatNode, *ast.StringNode, *ast.BoolNode, *ast.NilNode, *ast.ArrayNode:
		return nil
	}
	return []string{n.String()}
}

// evalString evaluates src on env and renders the value or the error.
func evalString(src string, env Env) string {
	out, err := expr.Eval(src, env)
	if err != nil {
		return "error: " + err.Error()
	}
	if f, ok := out.(float64); ok {
		return fmt.Sprintf("%.4g", f)
	}
	return fmt.Sprint(out)
}
