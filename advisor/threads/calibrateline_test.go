package threads

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCalibrateLineNamesTheServer: the extrapolation note's calibrate
// line carries the server flags that named the server the advice read,
// so pasted it reaches that server (review r11: without them it said "no
// server reachable"); with none named it stays as it was.
func TestCalibrateLineNamesTheServer(t *testing.T) {
	cases := []struct {
		name, flags string
		want        string
		argv        []string
	}{
		{"a socket and a user with a quote", `-S '/run/my sock/s.sock' -u 'o'\''brien'`,
			`mytune calibrate --dump '/backup/shop db' -S '/run/my sock/s.sock' -u 'o'\''brien' --format json --out calibration.json`,
			[]string{"mytune", "calibrate", "--dump", "/backup/shop db", "-S", "/run/my sock/s.sock", "-u", "o'brien", "--format", "json", "--out", "calibration.json"}},
		{"none named", "", "mytune calibrate --dump '/backup/shop db' --format json --out calibration.json", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := prof(16, 0, fastCurve, &profile.Dump{Format: "mydumper", Path: "/backup/shop db", TotalBytes: 150e6,
				TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24})
			p.Storage.Measured = true
			plan := Size(p, Options{Task: TaskLoad, Target: extrapolationMariaDB, ServerFlags: c.flags})
			var line string
			for _, n := range plan.Notes {
				if i := strings.Index(n, "mytune calibrate "); i >= 0 {
					line = strings.TrimSuffix(n[i:i+strings.Index(n[i:], ", then advise")], ",")
				}
			}
			if line != c.want {
				t.Fatalf("calibrate line %q, want %q", line, c.want)
			}
			if c.argv == nil {
				return
			}
			out, err := exec.Command("sh", "-c", "set -- "+line+`; for a in "$@"; do printf '%s\n' "$a"; done`).Output()
			if err != nil || string(out) != strings.Join(c.argv, "\n")+"\n" {
				t.Errorf("sh read %s as %q (%v)", line, out, err)
			}
		})
	}
}
