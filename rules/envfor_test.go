package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestEnvFor: the environment follows the target asked for; a target that
// is no server is an error.
func TestEnvFor(t *testing.T) {
	cases := []struct {
		name, flag, flavor, durability string
		wantErr                        bool
	}{
		{"MariaDB by flag", "mariadb-10.11", profile.FlavorMariaDB, "relaxed", false},
		{"MySQL by flag", "mysql-8.4", profile.FlavorMySQL, "strict", false},
		{"not a server", "postgres-16", "", "strict", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env, err := EnvFor(profile.Profile{}, c.flag, Thresholds{}, c.durability)
			if (err != nil) != c.wantErr {
				t.Fatalf("err = %v, want an error: %v", err, c.wantErr)
			}
			if !c.wantErr && (env.F.Flavor != c.flavor || env.Durability != c.durability) {
				t.Errorf("env for %s: flavor %q, durability %q", c.flag, env.F.Flavor, env.Durability)
			}
		})
	}
}
