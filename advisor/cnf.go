package advisor

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/rules"
)

// Cnf writes the [mysqld] fragment for the findings that set a variable:
// a comment line per setting saying why, then "name = value". Only
// variables the target flavor/version accepts are written; values are in
// the form mysqld accepts (sizes with K/M/G).
func Cnf(a Advice, v rules.Version, toolVersion string) string {
	var b strings.Builder
	if toolVersion == "" {
		toolVersion = "dev"
	}
	fmt.Fprintf(&b, "# mytune %s: settings for %s %s (target from %s). Review before use.\n",
		toolVersion, a.Target.Flavor, a.Target.Version, a.Target.Source)
	b.WriteString("[mysqld]\n")
	n := 0
	for _, f := range a.Findings {
		if f.Variable == "" || f.Recommended == "" || !rules.Accepts(a.Target.Flavor, v, f.Variable) {
			continue
		}
		restart := ""
		if f.RestartRequired {
			restart = "; needs a restart"
		}
		fmt.Fprintf(&b, "# %s (%s, was %s%s): %s\n", f.ID, f.Severity, orUnknown(f.Current), restart, oneLine(f.Summary))
		fmt.Fprintf(&b, "%s = %s\n", f.Variable, f.Recommended)
		n++
	}
	if n == 0 {
		b.WriteString("# nothing to change\n")
	}
	return b.String()
}

// orUnknown renders an empty current value.
func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// oneLine flattens text for a comment line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
