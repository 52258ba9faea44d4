package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/mytune/mytune/rules"
)

// RuleList writes the catalogue for `mytune rules list`: text groups the
// rules by category, one id, severity and summary a rule; json is the specs.
func RuleList(w io.Writer, specs []rules.Spec, o Options) error {
	if o.Format == FormatJSON {
		return writeJSON(w, specs)
	}
	t := newTheme(o)
	width := o.width()
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", t.title.Render(fmt.Sprintf("%d rules", len(specs))))
	category := ""
	for _, s := range specs {
		if s.Category != category {
			category = s.Category
			fmt.Fprintf(&b, "\n%s\n", t.title.Render(strings.ToUpper(category)))
		}
		head := fmt.Sprintf("%s %s", severityWord(t, s.Severity), s.ID)
		if s.Variable != "" {
			head += t.dim.Render(" → " + s.Variable)
		}
		b.WriteString(head + "\n")
		b.WriteString("    " + strings.Join(wrap(s.Summary, width-4, "    "), "\n") + "\n")
	}
	b.WriteString(t.dim.Render("\n`mytune rules explain ID` shows a rule in full.") + "\n")
	return writeAll(w, b.String())
}

// RuleExplain writes one rule in full for `mytune rules explain ID`: its
// expressions and references and, when evaluated on a profile, whether it
// applied and fired and the value of each operand of its `when`.
func RuleExplain(w io.Writer, x rules.Explanation, o Options) error {
	if o.Format == FormatJSON {
		return writeJSON(w, x)
	}
	t := newTheme(o)
	width := o.width()
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", severityWord(t, x.Severity), t.title.Render(x.ID))
	for _, l := range wrap(x.Summary, width, "") {
		b.WriteString(l + "\n")
	}
	field := func(name, value string) {
		if value == "" {
			return
		}
		lines := wrap(value, width-12, strings.Repeat(" ", 12))
		lines[0] = t.label.Render(pad(name, 12)) + strings.TrimLeft(lines[0], " ")
		b.WriteString(strings.Join(lines, "\n") + "\n")
	}
	b.WriteString("\n")
	field("category", x.Category)
	field("file", x.File)
	field("applies", appliesText(x.Spec.Applies))
	field("when", x.When)
	field("variable", x.Variable)
	field("recommend", x.Recommend)
	field("restart", fmt.Sprint(x.RestartRequired))
	field("detail", x.Spec.Detail)
	for _, r := range x.References {
		// A URL is never cut: it must stay clickable and copyable.
		b.WriteString(t.label.Render(pad("reference", 12)) + r + "\n")
	}
	if x.Target != "" && !x.Evaluated {
		b.WriteString("\n" + t.title.Render("FOR "+strings.ToUpper(x.Target)) + "\n")
		field("applies", yesNo(x.Applies))
		field("why not", x.Reason)
	}
	if x.Evaluated {
		b.WriteString("\n" + t.title.Render("ON THIS PROFILE") + "\n")
		field("target", x.TargetNote)
		field("applies", yesNo(x.Applies))
		field("why not", x.Reason)
		field("fired", firedText(x))
		for _, v := range x.Values {
			field("value", v.Expr+" = "+v.Value)
		}
		field("current", x.Current)
		field("recommended", x.Recommended)
		field("says", x.Detail)
		field("error", x.Error)
	}
	return writeAll(w, b.String())
}

// firedText is yes or no, and for a rule that fired but whose finding
// advise replaced by another rule's on the same variable, which rule that is.
func firedText(x rules.Explanation) string {
	if x.Fired && x.SupersededBy != "" {
		return "yes, but its finding was superseded: advise reports " + x.SupersededBy + "'s finding for " + x.Variable +
			" instead (one finding per variable: the more severe, then the first by id); the report and the cnf carry that rule's recommendation, not this one's"
	}
	return yesNo(x.Fired)
}

// severityWord renders a rule severity as a coloured, fixed-width word.
func severityWord(t theme, s string) string {
	word := pad(strings.ToUpper(s), 4)
	switch s {
	case "crit":
		return t.crit.Render(word)
	case "warn":
		return t.warn.Render(word)
	}
	return t.dim.Render(word)
}

func appliesText(a rules.Applies) string {
	fl := "all flavors"
	if len(a.Flavors) > 0 {
		fl = strings.Join(a.Flavors, ", ")
	}
	if a.Versions == "" {
		return fl + ", all versions"
	}
	return fl + ", versions " + a.Versions
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
