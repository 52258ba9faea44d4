package server

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestParseVersion(t *testing.T) {
	cases := []struct {
		name, in  string
		want      profile.Version
		ok        bool
		comment   string
		flavor    string
		cleanedTo string
	}{
		{"mysql 8.0", "8.0.36", ver(8, 0, 36, ""), true, "MySQL Community Server - GPL", profile.FlavorMySQL, "8.0.36"},
		{"mariadb debian", "10.11.19-MariaDB-0+deb12u1", ver(10, 11, 19, "-MariaDB-0+deb12u1"), true, "Debian 12", profile.FlavorMariaDB, "10.11.19-MariaDB-0+deb12u1"},
		{"mariadb wire prefix", "5.5.5-10.11.6-MariaDB", ver(10, 11, 6, "-MariaDB"), true, "", profile.FlavorMariaDB, "10.11.6-MariaDB"},
		{"percona 8.0", "8.0.32-24", ver(8, 0, 32, "-24"), true, "Percona Server (GPL), Release 24, Revision e5c6e9d2", profile.FlavorPercona, "8.0.32-24"},
		{"mysql 26", "26.7.0", ver(26, 7, 0, ""), true, "MySQL Community Server - GPL", profile.FlavorMySQL, "26.7.0"},
		{"percona 5.1 rel", "5.1.61rel13.2-log", ver(5, 1, 61, "rel13.2-log"), true, "Percona Server (GPL), 13.2", profile.FlavorPercona, "5.1.61rel13.2-log"},
		{"mariadb comment only", "11.4.2", ver(11, 4, 2, ""), true, "mariadb.org binary distribution", profile.FlavorMariaDB, "11.4.2"},
		{"two parts", "8.4", ver(8, 4, 0, ""), true, "", profile.FlavorMySQL, "8.4"},
		{"not a version", "abc", profile.Version{Suffix: "abc"}, false, "", profile.FlavorMySQL, "abc"},
		{"mysql 5.5.5 is not mariadb", "5.5.5-log", ver(5, 5, 5, "-log"), true, "", profile.FlavorMySQL, "5.5.5-log"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := profile.ParseVersion(c.in)
			if got != c.want || ok != c.ok {
				t.Errorf("profile.ParseVersion(%q) = %+v,%v want %+v,%v", c.in, got, ok, c.want, c.ok)
			}
			if f := DetectFlavor(profile.CleanVersion(c.in), c.comment); f != c.flavor {
				t.Errorf("flavor = %s, want %s", f, c.flavor)
			}
			if cv := profile.CleanVersion(c.in); cv != c.cleanedTo {
				t.Errorf("CleanVersion = %q, want %q", cv, c.cleanedTo)
			}
		})
	}
}

func TestVersionOrder(t *testing.T) {
	cases := []struct {
		name     string
		a, b     string
		less     bool
		atLeastB bool
	}{
		{"minor", "8.0.36", "8.4.0", true, false},
		{"patch", "8.0.21", "8.0.22", true, false},
		{"equal", "8.0.22-13", "8.0.22", false, true},
		{"calendar", "26.7.0", "9.7.1", false, true},
		{"mariadb vs 10.5", "10.11.19-MariaDB", "10.5.1", false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, _ := profile.ParseVersion(c.a)
			b, _ := profile.ParseVersion(c.b)
			if a.Less(b) != c.less {
				t.Errorf("%s.Less(%s) = %v", c.a, c.b, !c.less)
			}
			if a.AtLeast(b.Major, b.Minor, b.Patch) != c.atLeastB {
				t.Errorf("%s.AtLeast(%s) = %v", c.a, c.b, !c.atLeastB)
			}
		})
	}
}

// ver builds the profile.Version a case expects.
func ver(major, minor, patch int, suffix string) profile.Version {
	return profile.Version{Major: major, Minor: minor, Patch: patch, Suffix: suffix}
}
