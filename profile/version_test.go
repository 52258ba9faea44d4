package profile

import "testing"

// TestParseVersionStrict: what --target, cnf headers and rule ranges accept.
func TestParseVersionStrict(t *testing.T) {
	cases := []struct {
		in   string
		want Version
		bad  bool
	}{
		{in: "8.0.36-28-log", want: Version{Major: 8, Minor: 0, Patch: 36}},
		{in: "10.11.6-MariaDB-0+deb12u1", want: Version{Major: 10, Minor: 11, Patch: 6}},
		{in: "5.5.5-10.4.32-MariaDB", want: Version{Major: 10, Minor: 4, Patch: 32}},
		{in: "8.4", want: Version{Major: 8, Minor: 4, Patch: 0}},
		{in: "26.7.0", want: Version{Major: 26, Minor: 7, Patch: 0}},
		{in: "8.0.33-0ubuntu0.22.04.2", want: Version{Major: 8, Minor: 0, Patch: 33}},
		{in: "10.11.19-MariaDB-0+deb12u1", want: Version{Major: 10, Minor: 11, Patch: 19}},
		{in: "8.x", bad: true},
		{in: "", bad: true},
		{in: "eight", bad: true},
		{in: "8", bad: true},
	}
	for _, tc := range cases {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseVersionStrict(tc.in)
			if (err != nil) != tc.bad || got.Compare(tc.want) != 0 {
				t.Errorf("got %v, %v; want %v, bad=%v", got, err, tc.want, tc.bad)
			}
		})
	}
}
