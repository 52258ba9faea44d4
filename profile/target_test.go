package profile

import "testing"

// TestParseTarget: --target wants a known flavor and an X.Y version.
func TestParseTarget(t *testing.T) {
	for _, bad := range []string{"mysql", "oracle-8.0", "mariadb-x", ""} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if tg, err := ParseTarget("MariaDB-10.11"); err != nil || tg.Flavor != "mariadb" || tg.Version != "10.11" {
		t.Errorf("got %+v, %v", tg, err)
	}
}
