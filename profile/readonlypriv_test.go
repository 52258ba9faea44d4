package profile

import "testing"

// TestReadOnlyWritePrivileges: what writes through read_only, by flavor
// and version (review r24: MariaDB 10.11.19 refused an account with SUPER).
func TestReadOnlyWritePrivileges(t *testing.T) {
	cases := []struct{ flavor, version, want string }{
		{FlavorMariaDB, "10.11.19-MariaDB", "the READ_ONLY ADMIN privilege (SUPER alone no longer writes through read_only from MariaDB 10.11)"},
		{FlavorMariaDB, "11.4.2-MariaDB", "the READ_ONLY ADMIN privilege (SUPER alone no longer writes through read_only from MariaDB 10.11)"},
		{FlavorMariaDB, "10.10.7-MariaDB", "the READ_ONLY ADMIN or SUPER privilege"},
		{FlavorMariaDB, "10.5.2-MariaDB", "the READ_ONLY ADMIN or SUPER privilege"},
		{FlavorMariaDB, "10.4.32-MariaDB", "the SUPER privilege"},
		{FlavorMySQL, "8.0.36", "the CONNECTION_ADMIN or SUPER privilege (unless super_read_only is on)"},
		{FlavorPercona, "5.7.44-48", "the SUPER privilege (unless super_read_only is on)"},
		{"", "", "READ_ONLY ADMIN on MariaDB (SUPER too before 10.11), CONNECTION_ADMIN or SUPER on MySQL (unless super_read_only is on)"},
	}
	for _, c := range cases {
		if got := ReadOnlyWritePrivileges(c.flavor, c.version); got != c.want {
			t.Errorf("%s %s: got %q, want %q", c.flavor, c.version, got, c.want)
		}
	}
}
