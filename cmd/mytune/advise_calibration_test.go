package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCalibrationFlagsCheckedBeforeTheProbe: what is wrong with
// --calibration or --calibrate is said before anything is measured. It was
// said only after the probe (~12 s of disk writes on a 10 s --duration);
// here the datadir does not exist, so an error found after the probe's
// start would be the datadir's, not the calibration's.
func TestCalibrationFlagsCheckedBeforeTheProbe(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	missing := filepath.Join(t.TempDir(), "no-such-datadir")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"a calibration file that is not there", []string{"--calibration", filepath.Join(t.TempDir(), "cal.json")}, "cannot read calibration"},
		{"--calibrate without --dump", []string{"--calibrate"}, "--calibrate needs --dump"},
		{"--calibrate with --no-server", []string{"--calibrate", "--dump", missing, "--no-server"}, "--calibrate needs a live server"},
		{"a bad --calibrate-duration", []string{"--calibrate", "--dump", missing, "--calibrate-duration", "abc"}, "--calibrate-duration"},
		{"both at once", []string{"--calibrate", "--calibration", "x.json"}, "give one"},
		{"with --task dump", []string{"--calibration", "x.json", "--task", "dump"}, "size the load"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCmd(append([]string{"advise", "--datadir", missing}, c.args...)...)
			if code != exitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q: want exit 2 and %q", code, stderr, c.want)
			}
		})
	}
}
