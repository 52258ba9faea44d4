package threads

import (
	"strings"
	"testing"
	"time"
)

// TestCalibratedEstimate: with a calibration of this server the estimate
// is the dump at the rates measured at the advised count, and says so.
func TestCalibratedEstimate(t *testing.T) {
	tests := []struct {
		name      string
		host      string
		pool      string
		redo      string        // innodb_log_file_size; "": not set
		iops      float64       // a flat random-write curve at this rate; 0: the 150-IOPS card
		low, high time.Duration // 0: not pinned
		basisHas  []string
		basisNot  string
	}{
		// the slow end: 80 MB at 1.41 MB/s, the tables' creation and the loader's start (LoadStartSec ÷ QuietSpreadShare), rounded up
		{"data fits a 1G pool: 80 MB at 1.41–1.55 MB/s (2 threads)", "db1", "1G", "", 0, 51 * time.Second, 63 * time.Second,
			[]string{"calibration card.json (calibrated on the target): 76.3 MiB of SQL at the 1.4–1.6 MB/s it loaded at 2 threads (1.5 pooled over its windows)"}, "outgrows"},
		// 75 IOPS × 16 KiB ÷ PageAmpHigh 1.6 = 0.77 MB/s: 80 MB in 104 s + 1.4 s fixed, slower than the calibration's 61 s
		{"data outgrows the 128M pool on a 75-IOPS card: the slow end is the model's", "db1", "", "", 75, 51 * time.Second, 106 * time.Second,
			[]string{"calibrated on the target", "outgrows the default 128.0 MiB buffer pool, which the calibration's sample did not"}, ""},
		// 150 IOPS: the model's slow end (80 MB at 1.54 MB/s + 0.7 s = 53 s) is faster than the calibration's
		{"data outgrows the 128M pool on the 150-IOPS card: the calibration's slow end stands", "db1", "", "", 0, 51 * time.Second, 63 * time.Second,
			[]string{"calibrated on the target"}, "which the calibration's sample did not"},
		{"another server: modelled, no calibrated rate", "db2", "1G", "", 0, 0, 0, []string{"of SQL", "; disk"}, "calibrated on the target"},
		// 80 MB writes 88-98 MiB of redo, past the 96M log's 67.4 MiB async point; at 40 IOPS the model's paced slow end (~89 s) is slower than the calibration's 61 s
		{"data fits a 1G pool, but its redo passes the 96M log's async point on a 40-IOPS card: the slow end is the model's", "db1", "1G", "96M", 40, 51 * time.Second, 0,
			[]string{"calibrated on the target", "of redo passes the 96.0 MiB redo log's async flush point (67.4 MiB), which a calibration sample may not reach"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := cardProfile(tc.host)
			if tc.iops > 0 {
				p.Storage.RandWrite = curve(1, tc.iops, 2, tc.iops, 4, tc.iops, 8, tc.iops, 16, tc.iops)
			}
			if tc.pool != "" {
				p.Server.Variables["innodb_buffer_pool_size"] = tc.pool
			}
			if tc.redo != "" {
				p.Server.Variables["innodb_log_file_size"] = tc.redo
			}
			// asMeasured where the redo passes the async point: the case is the flushing at the disk's own write
			// rate, which the page cache the plan offers on such a card would take off (TestBufferedLoadEstimate)
			e := Size(p, Options{Task: TaskLoad, Calibration: cardCalibration(), asMeasured: tc.redo != ""}).EstimatedLoad
			if tc.low != 0 && e.Low != tc.low {
				t.Errorf("low %v, want %v (%s)", e.Low, tc.low, e.Basis)
			}
			if tc.high != 0 && e.High != tc.high {
				t.Errorf("high %v, want %v (%s)", e.High, tc.high, e.Basis)
			}
			if e.High <= e.Low {
				t.Errorf("range %v–%v is not a range", e.Low, e.High)
			}
			for _, h := range tc.basisHas {
				if !strings.Contains(e.Basis, h) {
					t.Errorf("basis %q lacks %q", e.Basis, h)
				}
			}
			if tc.basisNot != "" && strings.Contains(e.Basis, tc.basisNot) {
				t.Errorf("basis %q has %q", e.Basis, tc.basisNot)
			}
		})
	}
}

// TestCalibratedEstimateCreatesTables: the calibration creates its tables
// before its timed windows, so a calibrated estimate adds the tables'
// creation (tableCreateCost) and says so (review 2026-12-04: 2000 tables
// left out 29-59 s).
func TestCalibratedEstimateCreatesTables(t *testing.T) {
	base := cardProfile("db1")
	base.Server.Variables["innodb_buffer_pool_size"] = "1G"
	few := Size(base, Options{Task: TaskLoad, Calibration: cardCalibration()}).EstimatedLoad
	many := cardProfile("db1")
	many.Server.Variables["innodb_buffer_pool_size"] = "1G"
	many.Dump.Tables = 2000
	e := Size(many, Options{Task: TaskLoad, Calibration: cardCalibration()}).EstimatedLoad
	for _, h := range []string{"calibrated on the target", "creating the tables: 2000 tables", "(the calibration's timed windows leave it out)"} {
		if !strings.Contains(e.Basis, h) {
			t.Errorf("basis %q lacks %q", e.Basis, h)
		}
	}
	if e.Low <= few.Low || e.High <= few.High {
		t.Errorf("2000 tables %v–%v, not above the fit's %v–%v", e.Low, e.High, few.Low, few.High)
	}
}

// TestCalibratedEstimateAnalyzes: the calibration never times the printed
// mysqlcheck --analyze line, so a calibrated estimate adds its cost when
// the plan prints it.
func TestCalibratedEstimateAnalyzes(t *testing.T) {
	p := cardProfile("db1")
	c := Choice{Threads: 2, Basis: BasisCalibrated, Calibration: cardCalibration()}
	without := calibratedEstimate(p, c, DurationRange{}, pool{}, 4)
	with := calibratedEstimate(p, c, DurationRange{}, pool{analyzeTables: 20000}, 4)
	if !strings.Contains(with.Basis, "+ 20000 tables × (") || strings.Contains(without.Basis, "mysqlcheck") {
		t.Errorf("bases: with %q; without %q", with.Basis, without.Basis)
	}
	if with.High <= without.High || with.Low <= without.Low {
		t.Errorf("with the analyze line %v–%v, not above %v–%v", with.Low, with.High, without.Low, without.High)
	}
}
