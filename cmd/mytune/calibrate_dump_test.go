package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/calibrate"
	"github.com/mytune/mytune/profile"
)

// dumpTestdata holds the real dumps of probe/dump's tests.
var dumpTestdata = filepath.Join("..", "..", "probe", "dump", "testdata")

// runCmd runs mytune with args and returns the exit code, stdout and stderr.
func runCmd(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// calibrateDumpRuns runs calibrate --dump on mydumper as text, then as
// JSON with two rounds, with the connection flags root, and returns the
// JSON report, parsed and as printed.
func calibrateDumpRuns(t *testing.T, root []string, mydumper string) (profile.DumpCalibration, string) {
	t.Helper()
	code, out, errOut := runCmd(cat([]string{"calibrate", "--dump", mydumper, "--duration", "3s", "--rounds", "1"}, root)...)
	if code != 0 || !strings.Contains(out, "DUMP LOAD MB/S vs SESSIONS") || !strings.Contains(out, "load threads:") {
		t.Fatalf("text run: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCmd(cat([]string{"calibrate", "--dump", mydumper, "--duration", "3s", "--rounds", "2", "--format", "json"}, root)...)
	if code != 0 {
		t.Fatalf("json run: exit %d: %s", code, errOut)
	}
	var rep profile.DumpCalibration
	if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Schema != profile.DumpCalibrationSchema || rep.Choice.Threads < 1 ||
		len(rep.Points) != 3 || !rep.SchemaDropped || rep.Dump.Format != "mydumper" || len(rep.Points[0].Rounds) != 2 {
		t.Fatalf("report %v %+v", err, rep)
	}
	return rep, out
}

func TestCalibrateDumpAndAdvise(t *testing.T) {
	srv, db := calibrateServer(t)
	root := []string{"-S", srv.Socket, "-u", "root"}
	mydumper := filepath.Join(dumpTestdata, "mydumper-0.10-real")
	rep, out := calibrateDumpRuns(t, root, mydumper)
	if schemaCount(t, db, calibrate.DefaultSchema) != 0 {
		t.Errorf("scratch schema left behind")
	}
	calFile := filepath.Join(t.TempDir(), "cal.json")
	if err := os.WriteFile(calFile, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	same := profileOf(t, rep.Server.Datadir, rep.Server.Hostname)
	cases := []struct {
		name, from string
		threads    int
		basis      string
		mismatch   string
	}{
		{"the calibrated server", same, rep.Choice.Threads, "calibrated on the target", ""},
		{"another server: not used", filepath.Join(renderTestdata, "ssd-vm.json"), 4, "modelled from the probe",
			"another server: datadir " + strings.TrimSuffix(rep.Server.Datadir, "/") + " was calibrated"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := adviseLoad(t, "advise", "--from", c.from, "--dump", mydumper, "--task", "load", "--calibration", calFile, "--format", "json")
			if l.Basis != c.basis || l.Threads != c.threads || !strings.Contains(l.Why, "calibration "+calFile) ||
				!strings.Contains(strings.Join(l.Calibration.Mismatch, "|"), c.mismatch) {
				t.Errorf("load %+v, want %d threads, basis %q, mismatch %q", l, c.threads, c.basis, c.mismatch)
			}
		})
	}
	t.Run("live calibration", func(t *testing.T) {
		l := adviseLoad(t, cat([]string{"advise", "--datadir", srv.Datadir, "--duration", "2s", "--max-bytes", "64MiB", "--dump", mydumper, "--task", "load",
			"--calibrate", "--calibrate-duration", "3s", "--format", "json"}, root)...)
		if l.Basis != "calibrated on the target" || !strings.Contains(l.Why, "live calibration (calibrated on the target) loaded") ||
			len(l.Calibration.Mismatch) != 0 {
			t.Errorf("load %+v", l)
		}
		if schemaCount(t, db, calibrate.DefaultSchema) != 0 {
			t.Errorf("scratch schema left behind by advise --calibrate")
		}
	})
	code, out, _ := runCmd("advise", "--from", filepath.Join(renderTestdata, "ssd-vm.json"), "--task", "load")
	if code != 0 || !strings.Contains(out, "basis: modelled from the probe") {
		t.Errorf("advise without calibration: exit %d\n%s", code, out)
	}
}

func TestCalibrateDumpUsageErrors(t *testing.T) {
	dir := t.TempDir()
	synthetic := filepath.Join(dir, "synthetic.json")
	other := filepath.Join(dir, "other.json")
	_ = os.WriteFile(synthetic, []byte(`{"schema": "mytune.calibrate/v1", "points": []}`), 0o644)
	_ = os.WriteFile(other, []byte(`{"schema": "mytune.profile/v1"}`), 0o644)
	from := filepath.Join(renderTestdata, "ssd-vm.json")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no such dump", []string{"calibrate", "--dump", filepath.Join(dir, "nope"), "--no-server"}, "--dump"},
		{"rounds out of range", []string{"calibrate", "--dump", filepath.Join(dumpTestdata, "mydumper-0.10-real"), "--rounds", "0"}, "--rounds 0"},
		{"a synthetic calibration", []string{"advise", "--from", from, "--calibration", synthetic}, "without --dump (synthetic rows)"},
		{"not a calibration", []string{"advise", "--from", from, "--calibration", other}, `want "mytune.calibrate.dump/v1"`},
		{"missing file", []string{"advise", "--from", from, "--calibration", filepath.Join(dir, "nope.json")}, "cannot read calibration"},
		{"both flags", []string{"advise", "--from", from, "--calibration", other, "--calibrate"}, "give one"},
		{"--calibrate needs --dump", []string{"advise", "--from", from, "--calibrate"}, "--calibrate needs --dump"},
		{"--task dump", []string{"advise", "--from", from, "--task", "dump", "--calibration", other}, "size the load"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCmd(c.args...)
			if code != 2 || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, c.want)
			}
		})
	}
}

// loadChoice is the advice JSON's threads.load.
type loadChoice struct {
	Threads     int
	Why, Basis  string
	Calibration struct{ Mismatch []string }
}

// adviseLoad runs advise --format json and returns its load choice.
func adviseLoad(t *testing.T, args ...string) loadChoice {
	t.Helper()
	code, out, errOut := runCmd(args...)
	if code != 0 {
		t.Fatalf("advise: exit %d: %s", code, errOut)
	}
	var adv struct{ Threads struct{ Load loadChoice } }
	if err := json.Unmarshal([]byte(out), &adv); err != nil {
		t.Fatal(err)
	}
	return adv.Threads.Load
}

// profileOf is the saved profile ssd-vm.json with its server moved to
// datadir on hostname (the test server), written to a temporary file.
func profileOf(t *testing.T, datadir, hostname string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(renderTestdata, "ssd-vm.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	srv := p["server"].(map[string]any)
	srv["datadir"] = datadir
	srv["variables"].(map[string]any)["hostname"] = hostname
	out, _ := json.Marshal(p)
	path := filepath.Join(t.TempDir(), "profile.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// bigDump writes a mysqldump-style file of one table, rows rows in
// INSERTs of 100: seconds of loading with a commit per statement.
func bigDump(t *testing.T, rows int) string {
	var b strings.Builder
	b.WriteString("-- MySQL dump 10.13\n/*!40101 SET NAMES utf8mb4 */;\nCREATE TABLE `big` (\n  `id` int NOT NULL,\n  `c` char(100) NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n")
	for i := 0; i < rows; i += 100 {
		b.WriteString("INSERT INTO `big` VALUES ")
		for j := i; j < i+100; j++ {
			if j > i {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "(%d,'%0100d')", j, j)
		}
		b.WriteString(";\n")
	}
	path := filepath.Join(t.TempDir(), "big.sql")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCalibrateDumpInterrupted sends SIGINT to the built binary while it
// loads a dump: the scratch schema must be gone and the exit code 1.
func TestCalibrateDumpInterrupted(t *testing.T) {
	srv, db := calibrateServer(t)
	bin := filepath.Join(t.TempDir(), "mytune")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "calibrate", "--dump", bigDump(t, 200000), "--schema", "cal_dint", "--duration", "60s", "-S", srv.Socket, "-u", "root")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for schemaCount(t, db, "cal_dint") == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(time.Second) // into the loading
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("exit %v, stderr %q; want exit 1 and 'interrupted'", err, stderr.String())
	}
	if schemaCount(t, db, "cal_dint") != 0 {
		t.Errorf("schema cal_dint left behind after SIGINT")
	}
}
