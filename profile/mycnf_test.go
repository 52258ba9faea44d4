package profile

import "testing"

// TestMyCnfFor: MySQL and Percona get the MySQL view when there is one.
func TestMyCnfFor(t *testing.T) {
	m := &MyCnf{Variables: map[string]string{"a": "maria"}, MySQL: &MyCnfView{Variables: map[string]string{"a": "mysql"}}}
	cases := []struct{ flavor, want string }{{FlavorMariaDB, "maria"}, {FlavorMySQL, "mysql"}, {FlavorPercona, "mysql"}}
	for _, c := range cases {
		t.Run(c.flavor, func(t *testing.T) {
			if v, _ := m.For(c.flavor); v["a"] != c.want {
				t.Errorf("For(%s) a = %q, want %q", c.flavor, v["a"], c.want)
			}
		})
	}
	same := &MyCnf{Variables: map[string]string{"a": "both"}}
	if v, _ := same.For(FlavorMySQL); v["a"] != "both" {
		t.Errorf("no MySQL view: a = %q", v["a"])
	}
}

// TestMyCnfWarningAppliesTo covers flavor and series matching.
func TestMyCnfWarningAppliesTo(t *testing.T) {
	cases := []struct {
		name            string
		w               MyCnfWarning
		flavor, version string
		want            bool
	}{
		{"any server", MyCnfWarning{}, FlavorMySQL, "8.4", true},
		{"other flavor", MyCnfWarning{Flavor: FlavorMariaDB}, FlavorMySQL, "8.4", false},
		{"percona is mysql", MyCnfWarning{Flavor: FlavorMySQL}, FlavorPercona, "8.0", true},
		{"same series", MyCnfWarning{Flavor: FlavorMariaDB, Version: "10.11"}, FlavorMariaDB, "10.11.19", true},
		{"10.1 is not 10.11", MyCnfWarning{Flavor: FlavorMariaDB, Version: "10.1"}, FlavorMariaDB, "10.11.19", false},
		{"other series", MyCnfWarning{Flavor: FlavorMariaDB, Version: "10.11"}, FlavorMariaDB, "11.8", false},
		{"unknown version", MyCnfWarning{Flavor: FlavorMariaDB, Version: "10.11"}, FlavorMariaDB, "", true},
		{"from 8.0 holds for 8.0.36", MyCnfWarning{Flavor: FlavorMySQL, From: "8.0"}, FlavorMySQL, "8.0.36", true},
		{"from 8.0 holds for 9.4", MyCnfWarning{Flavor: FlavorMySQL, From: "8.0"}, FlavorMySQL, "9.4", true},
		{"from 8.0 not for 5.7", MyCnfWarning{Flavor: FlavorMySQL, From: "8.0"}, FlavorMySQL, "5.7.44", false},
		{"from 8.0 holds for percona 8.0", MyCnfWarning{Flavor: FlavorMySQL, From: "8.0"}, FlavorPercona, "8.0.32", true},
		{"from 8.0 not for mariadb", MyCnfWarning{Flavor: FlavorMySQL, From: "8.0"}, FlavorMariaDB, "10.11", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.w.AppliesTo(c.flavor, c.version); got != c.want {
				t.Errorf("AppliesTo = %v, want %v", got, c.want)
			}
		})
	}
}
