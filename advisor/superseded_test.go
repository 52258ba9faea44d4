package advisor

import (
	"testing"

	"github.com/mytune/mytune/rules"
)

// TestSupersededBy: a rule that fired but whose finding Dedupe replaced by
// another rule's on the same variable is said to be superseded by that
// rule (QA: `rules explain io.capacity_max --from` said "fired yes" where
// advise reported hygiene.io_capacity_max_below_capacity_mariadb).
func TestSupersededBy(t *testing.T) {
	maxBelow := map[string]string{"innodb_io_capacity": "4000", "innodb_io_capacity_max": "3000"}
	cases := []struct {
		name, flavor, version string
		vars                  map[string]string
		id, want              string
		fired                 bool
	}{
		{"MariaDB, max below capacity: io.capacity_max gives way to the MariaDB warning", "mariadb", "10.11.6-MariaDB", maxBelow,
			"io.capacity_max", "hygiene.io_capacity_max_below_capacity_mariadb", true},
		{"MariaDB, max below capacity: the warning keeps the variable", "mariadb", "10.11.6-MariaDB", maxBelow,
			"hygiene.io_capacity_max_below_capacity_mariadb", "", true},
		{"MySQL, max below capacity: io.capacity_max gives way to the crit", "mysql", "8.4.8", maxBelow,
			"io.capacity_max", "hygiene.io_capacity_max_below_capacity", true},
		{"MySQL, max far above what the disk does: io.capacity_max alone, kept", "mysql", "8.4.8",
			map[string]string{"innodb_io_capacity_max": "900000"}, "io.capacity_max", "", true},
		{"a rule that did not fire", "mysql", "8.4.8", map[string]string{}, "hygiene.io_capacity_max_below_capacity", "", false},
	}
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := loadScenario(t, "nvme-mysql84")
			p.Server.Flavor, p.Server.Version = c.flavor, c.version
			for k, v := range c.vars {
				p.Server.Variables[k] = v
			}
			env, err := rules.EnvFor(p, "", cat.Thresholds, DurabilityStrict)
			if err != nil {
				t.Fatal(err)
			}
			if x, err := cat.Explain(c.id, &env); err != nil || x.Fired != c.fired {
				t.Fatalf("%s fired = %v (%v), want %v", c.id, x.Fired, err, c.fired)
			}
			if got := SupersededBy(cat, env, c.id); got != c.want {
				t.Errorf("SupersededBy(%s) = %q, want %q", c.id, got, c.want)
			}
			a, err := Advise(p, AdviseOptions{ToolVersion: "test"})
			if err != nil {
				t.Fatal(err)
			}
			if c.want != "" && !hasFinding(a.Findings, c.want) {
				t.Errorf("advise does not report %s: %v", c.want, a.Findings)
			}
		})
	}
}
