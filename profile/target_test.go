package profile

import "testing"

// TestParseTarget: --target wants a known flavor and an X.Y version.
func TestParseTarget(t *testing.T) {
	for _, bad := range []string{"mysql", "oracle-8.0", "mariadb-x", "", "mysql-8.4.x", "mariadb-10.11-log", "mysql-8"} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if tg, err := ParseTarget("MariaDB-10.11"); err != nil || tg.Flavor != "mariadb" || tg.Version != "10.11" {
		t.Errorf("got %+v, %v", tg, err)
	}
}
