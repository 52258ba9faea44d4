package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// dumpReport reads the real calibrate --dump report in testdata.
func dumpReport(t *testing.T) *profile.DumpCalibration {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "calibrate-dump-fast.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r profile.DumpCalibration
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

func TestCalibrationDumpText(t *testing.T) {
	left := dumpReport(t)
	left.SchemaDropped = false
	redo := dumpReport(t)
	redo.RedoBytesPerDumpByte = 1.289
	cases := []struct {
		name    string
		r       *profile.DumpCalibration
		width   int
		golden  string
		wantAll []string
	}{
		{"80 columns", dumpReport(t), 80, "calibrate-dump.80.txt.golden",
			[]string{"DUMP LOAD MB/S vs SESSIONS", "◀ chosen", "8 load threads: 8 session(s) loaded 13.4 MB/s", "16 sessions: the sample has 8 data files"}},
		{"schema left behind", left, 100, "calibrate-dump-left.100.txt.golden", []string{"scratch schema NOT dropped: run mytune calibrate --cleanup"}},
		{"redo per dump byte measured", redo, 80, "calibrate-dump-redo.80.txt.golden", []string{"redo: 1.29 bytes per dump byte over the run"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := CalibrationDump(&b, c.r, Options{Format: FormatText, Width: c.width}); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			golden(t, c.golden, out)
			checkWidth(t, out, c.width)
			for _, want := range c.wantAll {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %q", want)
				}
			}
		})
	}
}

// TestCalibrationDumpJSON pins the mytune.calibrate.dump/v1 document (the
// contract in docs/contract-calibration.md) and its errors.
func TestCalibrationDumpJSON(t *testing.T) {
	var b bytes.Buffer
	if err := CalibrationDump(&b, dumpReport(t), Options{Format: FormatJSON}); err != nil {
		t.Fatal(err)
	}
	golden(t, "calibrate-dump.json.golden", b.String())
	for _, field := range []string{`"schema": "mytune.calibrate.dump/v1"`, `"choice": {`, `"mb_per_s_min"`, `"spread_pct"`, `"rounds": [`, `"capped": [`} {
		if !strings.Contains(b.String(), field) {
			t.Errorf("JSON lacks %s", field)
		}
	}
	for _, c := range []struct {
		name string
		r    *profile.DumpCalibration
		o    Options
		want string
	}{
		{"nil report", nil, Options{Format: FormatText}, "no report given"},
		{"markdown not offered", dumpReport(t), Options{Format: FormatMarkdown}, `is not one of text, json`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := CalibrationDump(&b, c.r, c.o); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want %q", err, c.want)
			}
		})
	}
}

// TestStepsLine: the step length the report states is the one the steps
// ran, or says both. Review r61's live calibrate --dump printed "steps of
// 5.5 s" over steps of 6.8 s each (the warm-up ended early and left its
// time to the steps), while the choice said 19 s over 3 steps.
func TestStepsLine(t *testing.T) {
	rounds := func(secs ...float64) []profile.DumpLoadPoint {
		p := profile.DumpLoadPoint{Threads: 1}
		for _, s := range secs {
			p.Rounds = append(p.Rounds, profile.DumpLoadSample{DurationS: s})
		}
		return []profile.DumpLoadPoint{p}
	}
	cases := []struct {
		name    string
		planned float64
		pts     []profile.DumpLoadPoint
		want    string
		notWant string
	}{
		{"ran as planned", 3.3, rounds(3.3, 2.9, 3.6), "steps of 3.3 s", "as run"},
		{"within a tenth of the plan", 5.5, rounds(6.0, 6.0), "steps of 5.5 s", "as run"},
		{"longer than planned (r61)", 5.5, rounds(6.83, 6.84, 6.82), "steps of 5.5 s planned, 6.8 s on average as run", ""},
		{"shorter than planned", 5.5, rounds(3.0, 3.2), "steps of 5.5 s planned, 3.1 s on average as run", ""},
		{"no step ran", 5.5, nil, "steps of 5.5 s", "as run"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := stepsLine(c.planned, c.pts)
			if !strings.HasPrefix(got, c.want) || (c.notWant != "" && strings.Contains(got, c.notWant)) {
				t.Errorf("stepsLine = %q, want prefix %q without %q", got, c.want, c.notWant)
			}
		})
	}
}
