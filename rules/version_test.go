package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestVersionRange(t *testing.T) {
	cases := []struct {
		rng, v string
		want   bool
	}{
		{">=8.0.30", "8.0.30", true},
		{">=8.0.30", "8.0.29", false},
		{">=8.0, <8.1", "8.0.99", true},
		{">=8.0, <8.1", "8.1.0", false},
		{"", "5.1.0", true},
		{"=10.11.6", "10.11.6", true},
	}
	for _, tc := range cases {
		t.Run(tc.rng+" "+tc.v, func(t *testing.T) {
			r, err := parseRange(tc.rng)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := profile.ParseVersionStrict(tc.v)
			if got := r.contains(v); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	if _, err := parseRange("~8.0"); err == nil {
		t.Error("~8.0 accepted")
	}
}

func TestAccepts(t *testing.T) {
	cases := []struct {
		flavor, v, name string
		want            bool
	}{
		{"mysql", "8.0.30", "innodb_redo_log_capacity", true},
		{"mysql", "8.0.29", "innodb_redo_log_capacity", false},
		{"percona", "8.4.5", "innodb_redo_log_capacity", true},
		{"mariadb", "10.11.6", "innodb_redo_log_capacity", false},
		{"mariadb", "10.11.6", "innodb_buffer_pool_instances", false},
		{"mariadb", "10.11.6", "innodb_log_file_size", true},
		{"mysql", "8.4.0", "no_such_variable", false},
	}
	for _, tc := range cases {
		t.Run(tc.flavor+"-"+tc.v+"/"+tc.name, func(t *testing.T) {
			v, _ := profile.ParseVersionStrict(tc.v)
			if got := Accepts(tc.flavor, v, tc.name); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSeriesFloor(t *testing.T) {
	cases := []struct {
		name, flavor, text string
		want               profile.Version
	}{
		{"mysql 8.0 series is its first GA", "mysql", "8.0", profile.Version{Major: 8, Minor: 0, Patch: 11}},
		{"percona 8.0 series is MySQL's first GA", "percona", "8.0", profile.Version{Major: 8, Minor: 0, Patch: 11}},
		{"mysql 5.7 series is its first GA", "mysql", "5.7", profile.Version{Major: 5, Minor: 7, Patch: 9}},
		{"mysql 8.4 series starts at 8.4.0", "mysql", "8.4", profile.Version{Major: 8, Minor: 4, Patch: 0}},
		{"an exact release is kept", "mysql", "8.0.2", profile.Version{Major: 8, Minor: 0, Patch: 2}},
		{"an exact release with a suffix is kept", "mysql", "8.0.0-dmr-log", profile.Version{Major: 8, Minor: 0, Patch: 0}},
		{"mariadb 10.11 series starts at 10.11.0", "mariadb", "10.11", profile.Version{Major: 10, Minor: 11, Patch: 0}},
		// QA: --target mysql-5.6 as 5.6.0 assumed innodb_file_per_table OFF (ON from 5.6.6) beside 5.6.8's 48M redo
		{"mysql 5.6 series is its first GA", "mysql", "5.6", profile.Version{Major: 5, Minor: 6, Patch: 10}},
		{"mariadb 10.4 series is its first GA", "mariadb", "10.4", profile.Version{Major: 10, Minor: 4, Patch: 6}},
		{"a series mytune does not list is kept", "mysql", "4.1", profile.Version{Major: 4, Minor: 1, Patch: 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := profile.ParseVersionStrict(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			if got := seriesFloor(tc.flavor, tc.text, v); got.Compare(tc.want) != 0 {
				t.Errorf("seriesFloor(%s, %s) = %v, want %v", tc.flavor, tc.text, got, tc.want)
			}
		})
	}
}
