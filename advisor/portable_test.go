package advisor

import (
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// TestPortableCnfReadsAsEachTargetsAdvice: for an unknown target, what
// each server a group is advised for reads of the cnf ([mysqld], [server]
// and its own groups) is exactly the cnf of the advice made with --target
// that server: no server gets a value advised for another.
func TestPortableCnfReadsAsEachTargetsAdvice(t *testing.T) {
	groupsOf := map[string][]string{
		"mariadb-10.11": mariaGroups("10.11"),
		"mysql-8.4.0":   {"mysqld", "server", "mysqld-8.4"},
		"mysql-8.0.11":  {"mysqld", "server", "mysqld-8.0"},
		"mysql-5.7.9":   {"mysqld", "server", "mysqld-5.7"},
	}
	for _, s := range []string{"no-server", "sd-card-small", "container-limit"} {
		for _, d := range []string{DurabilityStrict, DurabilityRelaxed} {
			p := loadScenario(t, s)
			p.Installed, p.Server, p.MyCnf = nil, nil, nil
			a, err := Advise(p, AdviseOptions{Durability: d})
			if err != nil {
				t.Fatal(err)
			}
			if a.Target.Source != profile.SourceUnknown {
				t.Fatalf("%s: target %+v, want unknown", s, a.Target)
			}
			portable := cnfGroups(a.Cnf)
			for target, groups := range groupsOf {
				one, err := Advise(p, AdviseOptions{Durability: d, Target: target})
				if err != nil {
					t.Fatal(err)
				}
				got := reader{groups: groups}.effective(portable)
				want := reader{groups: []string{"mysqld"}}.effective(cnfGroups(one.Cnf))
				if len(got) != len(want) {
					t.Errorf("%s/%s: %s reads %v of the portable cnf, its own advice is %v", s, d, target, got, want)
					continue
				}
				for k, v := range want {
					if !rules.SameValue(k, got[k], v) {
						t.Errorf("%s/%s: %s reads %s = %q, its own advice says %q", s, d, target, k, got[k], v)
					}
				}
			}
		}
	}
}
