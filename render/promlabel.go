package render

import (
	"fmt"
	"regexp"
	"strings"
)

// promOwnLabels are the label names the prom format's own series use
// (CONTRACT.md, "Prometheus metrics"); an added label may not take one.
var promOwnLabels = []string{"class", "transport", "device", "path", "version", "hostname", "quantile", "threads", "kind", "figure", "unit"}

// promLabelNameRule is a valid label name (Prometheus data model: names match
// [a-zA-Z_][a-zA-Z0-9_]*; those starting with __ are reserved).
var promLabelNameRule = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// ParsePromLabel reads NAME=VALUE (probe --prom-label) into a Label: the
// name must be a valid Prometheus label name, not reserved (__…) and not
// one the series already carry; the value is any text, escaped on output.
func ParsePromLabel(s string) (Label, error) {
	name, value, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	switch {
	case !ok:
		return Label{}, fmt.Errorf("--prom-label %q: write NAME=VALUE, e.g. --prom-label datadir=main", s)
	case !promLabelNameRule.MatchString(name):
		return Label{}, fmt.Errorf("--prom-label %q: %q is not a Prometheus label name (letters, digits and _, not starting with a digit)", s, name)
	case strings.HasPrefix(name, "__"):
		return Label{}, fmt.Errorf("--prom-label %q: names starting with __ are reserved for Prometheus itself", s)
	}
	for _, own := range promOwnLabels {
		if name == own {
			return Label{}, fmt.Errorf("--prom-label %q: %q is a label mytune's series already carry (%s); choose another name, e.g. datadir",
				s, name, strings.Join(promOwnLabels, ", "))
		}
	}
	return Label{Name: name, Value: value}, nil
}

// ParsePromLabels is ParsePromLabel for each of ss, refusing a name given twice.
func ParsePromLabels(ss []string) ([]Label, error) {
	out := make([]Label, 0, len(ss))
	seen := map[string]bool{}
	for _, s := range ss {
		l, err := ParsePromLabel(s)
		if err != nil {
			return nil, err
		}
		if seen[l.Name] {
			return nil, fmt.Errorf("--prom-label %q: %s is given twice", s, l.Name)
		}
		seen[l.Name] = true
		out = append(out, l)
	}
	return out, nil
}
