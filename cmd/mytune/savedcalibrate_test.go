package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestAdviseFromSavedServerCalibrateLine: the calibrate line of the
// extrapolation note, reproduced from a saved profile's server (advise
// --from, no server flags now), had no server flags at all, so pasted it
// calibrated whatever server mytune found where it ran (review r17); it
// names the target as the restore lines do. With server flags the line
// carries them, as before.
func TestAdviseFromSavedServerCalibrateLine(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	from := filepath.Join(renderTestdata, "ssd-vm.json")
	mydumper := filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-real")
	cases := []struct {
		name  string
		extra []string
		want  string
	}{
		{"the saved server", nil, "mydumper-0.10-real --host TARGET --user USER -p --format json --out calibration.json"},
		{"the saved server, --no-server", []string{"--no-server"}, "mydumper-0.10-real --host TARGET --user USER -p --format json --out calibration.json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"advise", "--from", from, "--task", "load", "--dump", mydumper, "--format", "json"}, c.extra...)
			code, out, stderr := runCmd(args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var adv struct {
				Threads struct {
					Notes []string `json:"notes"`
				} `json:"threads"`
			}
			if err := json.Unmarshal([]byte(out), &adv); err != nil {
				t.Fatal(err)
			}
			if notes := strings.Join(adv.Threads.Notes, "\n"); !strings.Contains(notes, "mytune calibrate --dump ") || !strings.Contains(notes, c.want) {
				t.Errorf("notes lack %q:\n%s", c.want, notes)
			}
		})
	}
}
