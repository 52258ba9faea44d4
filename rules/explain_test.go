package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestExplainNotApplying: a rule outside the target's flavor/version (or
// whose variable the target lacks) is not evaluated: no current, no
// recommendation, no operand values, and the reason instead.
func TestExplainNotApplying(t *testing.T) {
	cases := []struct {
		name, id, target, reason string
	}{
		{"MySQL-only redo rule on MariaDB", "redo.capacity_small", "mariadb-10.11",
			"does not apply to mariadb 10.11: the rule is for mysql/percona >=8.0.30"},
		{"variable MariaDB 11 dropped", "io.flush_method_direct", "mariadb-11.4",
			"does not apply to mariadb 11.4: it has no variable innodb_flush_method"},
	}
	c, err := Load(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server = nil
			p.Storage.DirectIO = true
			tg, _, err := ResolveTarget(p, tc.target)
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, tg)
			if err != nil {
				t.Fatal(err)
			}
			env := NewEnv(p, f, c.Thresholds, "strict")
			x, err := c.Explain(tc.id, &env)
			if err != nil {
				t.Fatal(err)
			}
			if x.Applies || x.Fired || !x.Evaluated {
				t.Errorf("applies %v fired %v evaluated %v", x.Applies, x.Fired, x.Evaluated)
			}
			if x.Current != "" || x.Recommended != "" || len(x.Values) != 0 || x.Error != "" {
				t.Errorf("evaluated anyway: current %q recommended %q values %v error %q", x.Current, x.Recommended, x.Values, x.Error)
			}
			if x.Reason != tc.reason || x.Detail != "" {
				t.Errorf("reason %q / detail %q, want %q", x.Reason, x.Detail, tc.reason)
			}
		})
	}
}

// TestExplainForTarget: explain without a profile but with --target says
// whether the rule applies to that server (QA: --target was dropped).
func TestExplainForTarget(t *testing.T) {
	c, err := Load(LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, id, target string
		applies          bool
		reason           string
	}{
		{"MariaDB-only rule for MySQL 8.4", "redo.log_file_size_small_mariadb", "mysql-8.4", false,
			"does not apply to mysql 8.4: the rule is for mariadb >=10.9"},
		{"MariaDB-only rule for MariaDB 10.11", "redo.log_file_size_small_mariadb", "mariadb-10.11", true, ""},
		{"a variable MariaDB 11 dropped", "io.flush_method_direct", "mariadb-11.4", false, "it has no variable innodb_flush_method"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg, err := profile.ParseTarget(tc.target)
			if err != nil {
				t.Fatal(err)
			}
			x, err := c.ExplainForTarget(tc.id, tg)
			if err != nil {
				t.Fatal(err)
			}
			if x.Applies != tc.applies || x.Evaluated || !strings.Contains(x.Reason, tc.reason) || x.Target != tc.target {
				t.Errorf("applies %v evaluated %v reason %q target %q", x.Applies, x.Evaluated, x.Reason, x.Target)
			}
		})
	}
}
