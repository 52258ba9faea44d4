package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mytune/mytune/rules"
)

// TestRuleExplainFired: "fired" says no, yes, or yes but superseded by the
// rule advise reports for the variable (QA: io.capacity_max said "fired yes"
// where advise showed hygiene.io_capacity_max_below_capacity_mariadb).
func TestRuleExplainFired(t *testing.T) {
	spec := rules.Spec{ID: "io.capacity_max", Severity: "warn", Variable: "innodb_io_capacity_max"}
	cases := []struct {
		name        string
		fired       bool
		superseded  string
		want, avoid string
	}{
		{"not fired", false, "", "fired       no", "superseded"},
		{"fired, kept", true, "", "fired       yes\n", "superseded"},
		{"fired, superseded", true, "hygiene.io_capacity_max_below_capacity_mariadb",
			"fired       yes, but its finding was superseded: advise reports hygiene.io_capacity_max_below_capacity_mariadb's finding for innodb_io_capacity_max instead", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := rules.Explanation{Spec: spec, Evaluated: true, Applies: true, Fired: c.fired, SupersededBy: c.superseded}
			var b bytes.Buffer
			if err := RuleExplain(&b, x, Options{Format: FormatText, Width: 400}); err != nil {
				t.Fatal(err)
			}
			got := b.String()
			if !strings.Contains(got, c.want) {
				t.Errorf("lacks %q:\n%s", c.want, got)
			}
			if c.avoid != "" && strings.Contains(got, c.avoid) {
				t.Errorf("says %q:\n%s", c.avoid, got)
			}
			var js bytes.Buffer
			if err := RuleExplain(&js, x, Options{Format: FormatJSON}); err != nil {
				t.Fatal(err)
			}
			if has := strings.Contains(js.String(), `"superseded_by": "`+c.superseded+`"`); has != (c.superseded != "") {
				t.Errorf("JSON superseded_by present = %v, want %v:\n%s", has, c.superseded != "", js.String())
			}
		})
	}
}
