package server

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestListingQuery: on MariaDB the listings that open every table carry a
// max_statement_time of their own (the hint is MySQL's), so the server
// stops them when mytune gives up (review r7: qLargest kept running in
// the processlist of a 20,004-table MariaDB 10.11 after mytune had left).
func TestListingQuery(t *testing.T) {
	tests := []struct {
		name, flavor, version string
		plain, maria          query
		bounded               bool
	}{
		{"largest, MariaDB 10.11", profile.FlavorMariaDB, "10.11.19", qLargest, qLargestMariaDB, true},
		{"backticks, MariaDB 10.11", profile.FlavorMariaDB, "10.11.19", qBacktickNames, qBacktickNamesMariaDB, true},
		{"largest, MariaDB 10.0 (no SET STATEMENT)", profile.FlavorMariaDB, "10.0.38", qLargest, qLargestMariaDB, false},
		{"largest, MySQL 8.4 (the hint)", profile.FlavorMySQL, "8.4.3", qLargest, qLargestMariaDB, false},
		{"largest, version unknown", profile.FlavorMariaDB, "", qLargest, qLargestMariaDB, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := listingQuery(tc.flavor, tc.version, tc.plain, tc.maria)
			if got := strings.Contains(string(q), "SET STATEMENT max_statement_time="); got != tc.bounded {
				t.Errorf("%q: bounded %v, want %v", q, got, tc.bounded)
			}
		})
	}
}
