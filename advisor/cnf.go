package advisor

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// Cnf writes the [mysqld] fragment for the findings that set a variable:
// a comment line per setting saying why, then "name = value". Only
// variables the target flavor/version accepts are written; values are in
// the form mysqld accepts (sizes with K/M/G).
func Cnf(a Advice, v profile.Version, toolVersion string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# mytune %s: settings for %s %s (target: %s). Review before use.\n",
		orDev(toolVersion), a.Target.Flavor, a.Target.Version, oneLine(a.Target.Reason))
	b.WriteString("[mysqld]\n")
	n := 0
	for _, f := range a.Findings {
		if f.Variable == "" || f.Recommended == "" || !rules.Accepts(a.Target.Flavor, v, f.Variable) {
			continue
		}
		writeSetting(&b, f)
		n++
	}
	if n == 0 {
		b.WriteString("# nothing to change\n")
	}
	return b.String()
}

// Appendable is the cnf as --format cnf writes it: after an empty line, so
// that "mytune advise --format cnf >> my.cnf" starts on a line of its own
// when the file's last line has no newline. Without it a last
// "!includedir DIR" became "!includedir DIR# mytune …", a directory
// mariadbd cannot read ("Can't read dir of", it aborts), and a last
// "!include FILE" named a file that is not there, silently dropped
// (mariadbd 10.11.19 --print-defaults, QA 14). An empty line is nothing
// in a my.cnf.
func Appendable(cnf string) string {
	return "\n" + cnf
}

// PortableCnf writes the cnf of an unknown target: [mysqld] holds the
// settings every candidate advises alike and every supported server
// accepts; each rules.PortableGroups group then holds the rest of its
// candidate's settings that every server reading that group accepts.
func PortableCnf(cands []candidate, reason, toolVersion string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# mytune %s: the target server is unknown: %s.\n"+
		"# Each group below is read only by the servers its comment names.\n"+
		"# No server reads a line it does not know. Review before use.\n", orDev(toolVersion), oneLine(reason))
	common := commonSettings(cands)
	b.WriteString("[mysqld]\n# read by every MySQL, Percona Server and MariaDB\n")
	if len(common) == 0 {
		b.WriteString("# nothing every server is advised alike\n")
	}
	for _, f := range common {
		writeSetting(&b, f)
	}
	placed := map[string]map[string]bool{} // candidate label → variables written
	for _, c := range cands {
		if placed[c.label] == nil {
			placed[c.label] = map[string]bool{}
		}
		var lines []Finding
		for _, f := range settings(c.adv) {
			if isCommon(common, f.Variable) || placed[c.label][f.Variable] || !c.group.Accepts(f.Variable) {
				continue
			}
			placed[c.label][f.Variable] = true
			lines = append(lines, f)
		}
		if len(lines) == 0 {
			continue
		}
		fmt.Fprintf(&b, "[%s]\n# read by %s (advised for %s)\n", c.group.Group, c.group.Readers, c.label)
		for _, f := range lines {
			writeSetting(&b, f)
		}
	}
	return b.String()
}

// settings are the findings of one target that set a variable it accepts.
func settings(r targetAdvice) []Finding {
	var out []Finding
	for _, f := range r.findings {
		if f.Variable != "" && f.Recommended != "" && rules.Accepts(r.target.Flavor, r.version, f.Variable) {
			out = append(out, f)
		}
	}
	return out
}

// commonSettings are the settings every candidate advises with the same
// value, of variables every supported server accepts.
func commonSettings(cands []candidate) []Finding {
	var out []Finding
	for _, f := range settings(cands[0].adv) {
		if !rules.AcceptedEverywhere(f.Variable) {
			continue
		}
		same := true
		was := map[string][]string{}
		var order []string
		for _, c := range cands {
			g, ok := settingOf(c.adv, f.Variable)
			same = same && ok && rules.SameValue(f.Variable, g.Recommended, f.Recommended)
			f.RestartRequired = f.RestartRequired || g.RestartRequired // a restart for any server reading it
			cur := profile.OrUnknown(g.Current)
			if len(was[cur]) == 0 {
				order = append(order, cur)
			}
			if !slices.Contains(was[cur], c.label) {
				was[cur] = append(was[cur], c.label)
			}
		}
		if !same {
			continue
		}
		if len(order) > 1 {
			parts := make([]string, len(order))
			for i, cur := range order {
				parts[i] = cur + " on " + strings.Join(was[cur], ", ")
			}
			f.Current = strings.Join(parts, "; ")
		}
		out = append(out, f)
	}
	return out
}

// settingOf is the finding of r that sets name.
func settingOf(r targetAdvice, name string) (Finding, bool) {
	for _, f := range settings(r) {
		if f.Variable == name {
			return f, true
		}
	}
	return Finding{}, false
}

// isCommon reports whether name is among the common settings.
func isCommon(common []Finding, name string) bool {
	for _, f := range common {
		if f.Variable == name {
			return true
		}
	}
	return false
}

// writeSetting writes the comment line and the "name = value" line.
func writeSetting(b *strings.Builder, f Finding) {
	restart := ""
	if f.RestartRequired {
		restart = "; needs a restart"
	}
	fmt.Fprintf(b, "# %s (%s, was %s%s): %s\n", f.ID, f.Severity, oneLine(profile.OrUnknown(f.Current)), restart, oneLine(f.Summary))
	fmt.Fprintf(b, "%s = %s\n", f.Variable, f.Recommended)
}

// orDev is the tool version, or "dev".
func orDev(v string) string {
	if v == "" {
		return "dev"
	}
	return v
}

// oneLine flattens text for a comment line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
