package rules

import (
	"reflect"
	"strings"
	"testing"
)

// TestThresholdOverrideErrors: every bad override names the config file and
// the threshold, says what is wrong, and is one line.
func TestThresholdOverrideErrors(t *testing.T) {
	cases := []struct {
		name, doc string
		wantParts []string
	}{
		{"fraction above 1", "buffer_pool_fraction: 1.5\n", []string{"config /etc/mytune.yaml: thresholds.buffer_pool_fraction:", "1.5", "at most 1"}},
		{"fraction 0", "reserve_fraction: 0\n", []string{"thresholds.reserve_fraction:", "above 0"}},
		{"negative count", "slow_commits_per_s: -5\n", []string{"thresholds.slow_commits_per_s:", "-5"}},
		{"ratio below 1", "io_capacity_tolerance: 0.5\n", []string{"thresholds.io_capacity_tolerance:", "at least 1"}},
		{"floor 0", "max_connections_floor: 0\n", []string{"thresholds.max_connections_floor:"}},
		{"not a number", "spike_ratio: lots\n", []string{"thresholds.spike_ratio:", `"lots"`, "float64"}},
		{"negative bytes", "reserve_min_bytes: -1\n", []string{"thresholds.reserve_min_bytes:", `"-1"`}},
		{"unknown name", "slow_commit: 1\n", []string{"thresholds.slow_commit:", "unknown threshold"}},
		{"redo bounds crossed", "redo_max_bytes: 1048576\n", []string{"redo_max_bytes", "below redo_min_bytes"}},
		{"not a mapping", "- 1\n- 2\n", []string{"config /etc/mytune.yaml: thresholds:", "mapping"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(LoadOptions{ThresholdsYAML: []byte(tc.doc), ThresholdsSource: "/etc/mytune.yaml"})
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") || strings.Contains(msg, "line 1") {
				t.Errorf("error is not one line or cites a re-marshalled line: %q", msg)
			}
			for _, part := range tc.wantParts {
				if !strings.Contains(msg, part) {
					t.Errorf("error %q lacks %q", msg, part)
				}
			}
		})
	}
}

// TestThresholdOverrideValid: good overrides apply, the rest keep defaults.
func TestThresholdOverrideValid(t *testing.T) {
	c, err := Load(LoadOptions{ThresholdsYAML: []byte("buffer_pool_fraction: 1\nmax_connections_floor: 20\n"), ThresholdsSource: "x.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Thresholds.BufferPoolFraction != 1 || c.Thresholds.MinMaxConnections != 20 || c.Thresholds.TableCacheHeadroom != 1.2 {
		t.Errorf("got %+v", c.Thresholds)
	}
}

// TestEveryThresholdIsChecked: a new threshold cannot skip the range check
// or the built-in file.
func TestEveryThresholdIsChecked(t *testing.T) {
	def, err := DefaultThresholds()
	if err != nil {
		t.Fatal(err)
	}
	ty := reflect.TypeOf(def)
	v := reflect.ValueOf(def)
	for i := 0; i < ty.NumField(); i++ {
		f := ty.Field(i)
		if err := checkThreshold(f.Tag.Get("check"), v.Field(i)); err != nil {
			t.Errorf("%s: %v", f.Tag.Get("yaml"), err)
		}
	}
}
