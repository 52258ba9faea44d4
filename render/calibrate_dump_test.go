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
