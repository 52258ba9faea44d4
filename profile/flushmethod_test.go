package profile

import "testing"

// TestDataFilesDirect: which innodb_flush_method writes the data files with
// O_DIRECT, by server (review r28: MariaDB 10.11.19's O_DSYNC does, seen in
// /proc/PID/fdinfo; its nosync skips the commit's redo sync, seen with strace).
func TestDataFilesDirect(t *testing.T) {
	cases := []struct {
		flavor, version, method string
		direct, redoSkipped     bool
	}{
		{FlavorMariaDB, "10.11.19-MariaDB-0+deb12u1", "O_DSYNC", true, false},
		{FlavorMariaDB, "10.11.19", "o_dsync", true, false},
		{FlavorMariaDB, "10.11.19", "1", true, false},
		{FlavorMariaDB, "12.3.1", "O_DSYNC", true, false},
		{FlavorMariaDB, "10.6.20", "O_DSYNC", false, false},
		{FlavorMariaDB, "", "O_DSYNC", false, false},
		{FlavorMySQL, "8.0.40", "O_DSYNC", false, false},
		{FlavorMariaDB, "10.11.19", "O_DIRECT", true, false},
		{FlavorMariaDB, "10.11.19", "4", true, false},
		{FlavorMySQL, "8.0.40", "O_DIRECT_NO_FSYNC", true, false},
		{FlavorPercona, "5.7.44", "ALL_O_DIRECT", true, false},
		{FlavorMariaDB, "10.11.19", "fsync", false, false},
		{FlavorMariaDB, "10.11.19", "littlesync", false, false},
		{FlavorMariaDB, "10.11.19", "nosync", false, true},
		{FlavorMariaDB, "10.11.19", " NOSYNC ", false, true},
		{FlavorMariaDB, "10.11.19", "3", false, true},
		{FlavorMySQL, "8.0.40", "nosync", false, false},
		{FlavorMariaDB, "10.11.19", "", false, false},
	}
	for _, c := range cases {
		if got := DataFilesDirect(c.flavor, c.version, c.method); got != c.direct {
			t.Errorf("DataFilesDirect(%s, %s, %q) = %v, want %v", c.flavor, c.version, c.method, got, c.direct)
		}
		if got := RedoSyncSkipped(c.flavor, c.method); got != c.redoSkipped {
			t.Errorf("RedoSyncSkipped(%s, %q) = %v, want %v", c.flavor, c.method, got, c.redoSkipped)
		}
	}
}
