package profile

import "testing"

// TestMariaDBRedoResizeCrashSafe: the releases whose online redo resize
// has the MDEV-34750 fix (10.11.10 changelog; 11.2.6, 11.4.4, 11.6.2).
func TestMariaDBRedoResizeCrashSafe(t *testing.T) {
	cases := []struct {
		version string
		want    bool
	}{
		{"10.9.8", false}, {"10.10.7", false}, {"10.11.9", false}, {"10.11.10", true}, {"10.11.19", true},
		{"11.0.6", false}, {"11.1.6", false}, {"11.2.5", false}, {"11.2.6", true}, {"11.3.2", false},
		{"11.4.3", false}, {"11.4.4", true}, {"11.5.2", false}, {"11.6.1", false}, {"11.6.2", true},
		{"11.7.1", true}, {"11.8.6", true}, {"12.2.2", true},
	}
	for _, c := range cases {
		v, err := ParseVersionStrict(c.version)
		if err != nil {
			t.Fatal(err)
		}
		if got := MariaDBRedoResizeCrashSafe(v); got != c.want {
			t.Errorf("MariaDBRedoResizeCrashSafe(%s) = %v, want %v", c.version, got, c.want)
		}
	}
}
