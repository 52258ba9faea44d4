package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// rowBytes is calibrate.RowBytes (8+4+120+60): render reads reports, never the calibrate package.
const rowBytes = 192

// calibrationReport is a fixed report: the curve measured on the project's
// 2-core test VM against the test MariaDB 10.11 (TestRunLive, one run),
// with the knee and prediction `mytune calibrate` made from it.
func calibrationReport(dropped bool) *profile.CalibrationReport {
	pts := []profile.InsertPoint{
		{Threads: 1, RowsPerS: 48753, Rows: 29300, Batches: 293, BatchP50US: 1681, BatchP99US: 5075, CommitP50US: 383, CommitP99US: 1302},
		{Threads: 2, RowsPerS: 45773, Rows: 27500, Batches: 275, BatchP50US: 3022, BatchP99US: 44425, CommitP50US: 1014, CommitP99US: 16829},
		{Threads: 4, RowsPerS: 48281, Rows: 29000, Batches: 290, BatchP50US: 5328, BatchP99US: 79739, CommitP50US: 2555, CommitP99US: 16656},
		{Threads: 8, RowsPerS: 59155, Rows: 36400, Batches: 364, BatchP50US: 8175, BatchP99US: 92460, CommitP50US: 4007, CommitP99US: 45717},
		{Threads: 16, RowsPerS: 51354, Rows: 31100, Batches: 311, BatchP50US: 17490, BatchP99US: 289389, CommitP50US: 5898, CommitP99US: 24728},
	}
	return &profile.CalibrationReport{
		Schema: profile.CalibrationSchema, TakenAt: "2026-11-30T08:40:00Z", ToolVersion: "test",
		CalibrationResult: profile.CalibrationResult{
			Server: profile.CalibratedServer{Version: "10.11.19-MariaDB-0+deb12u1", Flavor: "mariadb"},
			Workload: profile.InsertWorkload{Schema: "mytune_calibrate", Table: "mytune_calibrate_rows", RowBytes: rowBytes,
				BatchRows: 100, MaxBytes: 64 << 20, Pattern: "multi-row INSERT of 100 sysbench-like rows (~192 B each) into one InnoDB table"},
			Points: pts, BytesInserted: 153300 * rowBytes, DurationS: 3.4, SchemaDropped: dropped,
			Notes: []string{"the 8-connection step reached its share of --max-bytes"},
		},
		Knee:      profile.InsertKnee{Threads: 8, RowsPerS: 59155, Why: "8 connection(s) insert 59155 rows/s, within 10% of the best (59155 rows/s at 8)"},
		Predicted: &profile.LoadPrediction{Threads: 4, Why: "2 cores → 4 threads", Source: "probe of /var/lib/mysql"},
		Verdict:   "advise predicted 4 load threads; calibrate measured the knee at 8 connection(s) (59155 rows/s): advise is 4 below it",
		Gaps:      []profile.Gap{{Probe: "host.cgroup", Reason: "no cgroup"}},
	}
}

func TestCalibrationText(t *testing.T) {
	cases := []struct {
		name    string
		r       *profile.CalibrationReport
		width   int
		golden  string
		wantAll []string
	}{
		{"80 columns", calibrationReport(true), 80, "calibrate.80.txt.golden", []string{"8 ███", "◀ knee", "59.2k", "advise predicted 4"}},
		{"schema left behind", calibrationReport(false), 100, "calibrate-left.100.txt.golden", []string{"NOT dropped: run mytune calibrate --cleanup"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Calibration(&b, c.r, Options{Format: FormatText, Width: c.width}); err != nil {
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

func TestCalibrationJSONAndErrors(t *testing.T) {
	var b bytes.Buffer
	if err := Calibration(&b, calibrationReport(true), Options{Format: FormatJSON}); err != nil {
		t.Fatal(err)
	}
	var back profile.CalibrationReport
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back.Schema != "mytune.calibrate/v1" || len(back.Points) != 5 ||
		back.Knee.Threads != 8 || back.Predicted.Threads != 4 || !strings.Contains(b.String(), `"rows_per_s": 59155`) {
		t.Errorf("json round trip: %v %+v", err, back)
	}
	cases := []struct {
		name string
		r    *profile.CalibrationReport
		o    Options
		want string
	}{
		{"nil report", nil, Options{Format: FormatText}, "no report given"},
		{"prom not offered", calibrationReport(true), Options{Format: FormatProm}, `format "prom" is not one of text, json`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Calibration(&b, c.r, c.o)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err %v, want %q", err, c.want)
			}
		})
	}
}
