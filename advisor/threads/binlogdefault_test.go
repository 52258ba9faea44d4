package threads

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestBinlogDefaultText: the default named is the target's own series: a
// MySQL 5.6.51 or 5.5 target was told "MySQL 5.7's log_bin defaults to
// OFF" (review r13).
func TestBinlogDefaultText(t *testing.T) {
	tests := []struct {
		t    profile.Target
		want string
	}{
		{profile.Target{Flavor: profile.FlavorMySQL, Version: "5.6.51"}, "; MySQL 5.6's log_bin defaults to OFF"},
		{profile.Target{Flavor: profile.FlavorPercona, Version: "5.5.20"}, "; MySQL 5.5's log_bin defaults to OFF"},
		{profile.Target{Flavor: profile.FlavorMySQL, Version: "5.7.44"}, "; MySQL 5.7's log_bin defaults to OFF"},
		{profile.Target{Flavor: profile.FlavorMySQL, Version: "8.0.36"}, "; MySQL 8.0 and later write it by default"},
		{profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19"}, "; MariaDB's log_bin defaults to OFF"},
		{profile.Target{}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.t.Flavor+" "+tc.t.Version, func(t *testing.T) {
			if got := binlogDefaultText(tc.t); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
