package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestAdviseCalibrateAllowBinlog: on a server writing a binary log, an
// account that may not skip it gets advise --calibrate refused with "pass
// --allow-binlog", and advise takes that flag (QA 2026-12-06: advise
// answered "unknown flag: --allow-binlog", exit 2, so the way out the
// refusal named did not exist). -p with the password on standard input
// is read once, though advise opens the server twice (QA 2026-12-06: the
// calibration's second prompt read nothing, "access denied", exit 1).
func TestAdviseCalibrateAllowBinlog(t *testing.T) {
	srv, db := calibrateServer(t, "--log-bin=binlog")
	rootExec(t, db, "CREATE USER 'cal'@'localhost' IDENTIFIED BY 'Cal-pw-1'",
		"GRANT ALL ON mytune_calibrate.* TO 'cal'@'localhost'")
	dump, err := filepath.Abs(filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-real"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"advise", "--datadir", t.TempDir(), "--no-measure", "-S", srv.Socket, "-u", "cal",
		"--dump", dump, "--task", "load", "--calibrate", "--calibrate-duration", "20s", "--format", "json"}
	cases := []struct {
		name     string
		extra    []string
		stdin    string
		code     int
		stderr   string // in stderr
		noStderr string // not in stderr
	}{
		{"refused, naming the flag", []string{"--password=Cal-pw-1"}, "", 2, "pass --allow-binlog", ""},
		{"the flag named is taken, and the calibration runs", []string{"--password=Cal-pw-1", "--allow-binlog"}, "", 0, "", "unknown flag"},
		{"-p reads the password from standard input once", []string{"-p", "--allow-binlog"}, "Cal-pw-1\n", 0, "", "access denied"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(append(append([]string{}, args...), c.extra...), strings.NewReader(c.stdin), &out, &errb)
			if strings.Count(errb.String(), "password on the command line is insecure") > 1 {
				t.Errorf("the password warning more than once: %q", errb.String())
			}
			if code != c.code || !strings.Contains(errb.String(), c.stderr) || (c.noStderr != "" && strings.Contains(errb.String(), c.noStderr)) {
				t.Fatalf("exit %d (want %d), stderr %q (want %q, not %q)", code, c.code, errb.String(), c.stderr, c.noStderr)
			}
			if c.code == 0 && !strings.Contains(out.String(), "calibrated on the target") {
				t.Errorf("the load threads are not sized from the calibration: %.600s", out.String())
			}
		})
	}
}
