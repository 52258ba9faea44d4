package config

import "testing"

// TestBadValueYAMLTypes: a config file value of the wrong YAML type is
// refused as the flag would refuse it (review: "no-measure: 5" was taken as
// true and skipped the measurements, "port: true" reached the port check as
// "true", and "datadir: [a, b]" or "max-bytes: [1, 2]" were read as empty,
// so the error said --datadir is required or --max-bytes="" is no size).
func TestBadValueYAMLTypes(t *testing.T) {
	cases := []struct {
		name    string
		typ     string
		raw     any
		wantBad bool
	}{
		{"bool from a YAML bool", "bool", true, false},
		{"bool from a number", "bool", 5, true},
		{"bool from a list", "bool", []any{true}, true},
		{"int from a YAML int", "int", 3306, false},
		{"int from a whole float", "int", float64(3306), false},
		{"int from a YAML bool", "int", true, true},
		{"uint from a negative YAML int", "uint64", -3, true},
		{"uint from a YAML int", "uint64", 3, false},
		{"float from a YAML int", "float64", 2, false},
		{"float from a YAML bool", "float64", false, true},
		{"string from a YAML int (max-bytes: 268435456)", "string", 268435456, false},
		{"string from a YAML bool", "string", true, false},
		{"string from a list", "string", []any{"a", "b"}, true},
		{"string from a section", "string", map[string]any{"a": 1}, true},
		{"string slice from a list", "stringSlice", []any{"a", "b"}, false},
		{"duration from a section", "duration", map[string]any{"a": 1}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := badValue(c.typ, c.raw); (got != "") != c.wantBad {
				t.Errorf("badValue(%s, %#v) = %q, want bad: %v", c.typ, c.raw, got, c.wantBad)
			}
		})
	}
}
