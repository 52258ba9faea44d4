package threads

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// cardCalibration is a calibrate --dump result on an IOPS-limited card:
// more sessions share each fsync, so 2 load within 5% of 8 (and the
// model, which says 4 for this disk, is overruled).
func cardCalibration() *Calibration {
	return &Calibration{Source: "calibration card.json", TakenAt: "2026-11-30T23:40:00Z", Threads: 2, MBPerS: 1.50, RowsPerS: 7500,
		BestThreads: 8, BestMBPerS: 1.56, WithinPct: 5,
		Points: []CalibrationPoint{{1, 1.10, 1.02, 1.15, 5500}, {2, 1.50, 1.41, 1.55, 7500}, {4, 1.52, 1.44, 1.58, 7600}, {8, 1.56, 1.50, 1.61, 7800}},
		Server: CalibrationServer{Hostname: "db1", Port: 3306, Datadir: "/var/lib/mysql/", Version: "10.11.19-MariaDB"},
		Dump:   CalibrationDump{Path: "/backup/shop", Format: "mydumper", FileBytes: 80e6}}
}

// cardProfile is a live server db1:3306 and the dump /backup/shop.
func cardProfile(host string) *profile.Profile {
	p := prof(4, 0, sdCurve, &profile.Dump{Format: "mydumper", Path: "/backup/shop", FileBytes: 80e6, TotalBytes: 80e6, Tables: 8, Chunks: 8})
	p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"hostname": host, "port": "3306"})
	p.Server.Datadir = "/var/lib/mysql"
	return p
}

// withCalibrationCase is one case of TestWithCalibration.
type withCalibrationCase struct {
	name        string
	p           *profile.Profile
	cal         *Calibration
	threads     int
	basis       string
	whyHas      []string
	mismatchHas string
}

// withCalibrationCases are the cases of TestWithCalibration.
func withCalibrationCases() []withCalibrationCase {
	otherDump := cardProfile("db1")
	otherDump.Dump.Path, otherDump.Dump.FileBytes = "/backup/other", 5e9
	oneSession := cardCalibration()
	oneSession.Dump.OneSession = true
	noServer := cardProfile("db1")
	noServer.Server = nil
	noDump := cardProfile("db1")
	noDump.Dump = nil
	noServerPi := cardProfile("db1")
	noServerPi.Server, noServerPi.Host.Hostname = nil, "pi4-kitchen"
	noServerHere := cardProfile("db1")
	noServerHere.Server, noServerHere.Host.Hostname = nil, "DB1"
	return []withCalibrationCase{
		{"no calibration: modelled, and said", cardProfile("db1"), nil, 4, BasisModelled, []string{"random 16K IOPS", "the disk sets the pace"}, ""},
		{"calibration of this server and dump: its choice, with its numbers", cardProfile("db1"), cardCalibration(), 2, BasisCalibrated,
			[]string{"calibration card.json (calibrated on the target) loaded 1.5 MB/s (7500 rows/s) at 2 threads", "within 5% of the best, 1.6 MB/s at 8",
				"1: 1.1, 2: 1.5, 4: 1.5, 8: 1.6 MB/s", "→ 2 threads"}, ""},
		{"calibration of another server: not used, and why", cardProfile("db2"), cardCalibration(), 4, BasisModelled,
			[]string{"the calibration card.json was not used: another server: hostname db1 was calibrated, the target is db2"}, "another server"},
		{"calibration of another dump: used, and the difference said", otherDump, cardCalibration(), 2, BasisCalibrated,
			[]string{"note: another dump: /backup/shop (80000000 bytes) was calibrated, /backup/other (5000000000 bytes)"}, "another dump"},
		{"a mysqldump file: one session, the calibrated count said", cardProfile("db1"), oneSession, 1, BasisCalibrated,
			[]string{"but a mysqldump file loads through one session (mysql < file): the 2 sessions need the file split per table → 1 thread"}, ""},
		{"no live server to compare: used, assumption said", noServer, cardCalibration(), 2, BasisCalibrated,
			[]string{"no live server was read, so the target is taken to be the calibrated one (db1:3306)"}, "no live server"},
		// review r17: the Raspberry Pi profile of render/testdata with a calibration made on host vm said only
		// "the target is taken to be the calibrated one (vm:3500)", though the profile names its own host
		{"no live server, a profile of another host: used, and the host said", noServerPi, cardCalibration(), 2, BasisCalibrated,
			[]string{"no live server was read, so the target is taken to be the calibrated one (db1:3306), though the profile was taken on host pi4-kitchen: " +
				"if db1 is another machine, the calibration is not this profile's (advise with the server's flags to compare them)"}, "pi4-kitchen"},
		{"no live server, a profile of the calibrated host: nothing more said", noServerHere, cardCalibration(), 2, BasisCalibrated,
			[]string{"the target is taken to be the calibrated one (db1:3306) → 2 threads"}, "no live server"},
		// review r8: --calibration without --dump used the calibration and did not say whose dump it sized
		{"no dump given: used, assumption said", noDump, cardCalibration(), 2, BasisCalibrated,
			[]string{"note: no dump was given (--dump), so the restore is taken to be of the calibrated one (/backup/shop, 80000000 bytes)"}, "no dump was given"},
	}
}

func TestWithCalibration(t *testing.T) {
	tests := withCalibrationCases()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan := Size(tc.p, Options{Task: TaskLoad, Calibration: tc.cal})
			l := plan.Load
			if l.Threads != tc.threads || l.Basis != tc.basis {
				t.Errorf("load %d threads, basis %q; want %d, %q (why: %s)", l.Threads, l.Basis, tc.threads, tc.basis, l.Why)
			}
			for _, w := range tc.whyHas {
				if !strings.Contains(l.Why, w) {
					t.Errorf("why %q lacks %q", l.Why, w)
				}
			}
			if tc.cal != nil && (l.Calibration == nil || !strings.Contains(strings.Join(l.Calibration.Mismatch, "|"), tc.mismatchHas)) {
				t.Errorf("calibration %+v, want mismatch with %q", l.Calibration, tc.mismatchHas)
			}
			if tc.basis == BasisCalibrated && tc.threads > 1 && !strings.Contains(strings.Join(plan.Commands, "\n"), fmt.Sprintf("--threads %d", tc.threads)) {
				t.Errorf("commands %q do not load with the calibrated count", plan.Commands)
			}
		})
	}
}

// TestGoldenCalibratedPlan pins the load block with a calibration, as the
// advice JSON carries it (go test -update after an intended change).
func TestGoldenCalibratedPlan(t *testing.T) {
	got, err := json.MarshalIndent(Size(cardProfile("db1"), Options{Task: TaskLoad, Calibration: cardCalibration()}).Load, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "calibrated-load.golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("load choice differs from %s (go test -update if intended):\n%s", path, got)
	}
}
