package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestCalibrateOpenFileLimit: under `ulimit -n 20` calibrate leaves out
// the connection counts the process cannot open files for, with a note
// saying so, and measures the rest (review r18: under `ulimit -n 20` the
// 16-connection step failed the whole run, exit 1, "dial unix my.sock:
// socket: too many open files"). The run is a child under bash's ulimit
// (MYTUNE_FDLIMIT_SOCKET), as a limit set here would bind every test.
func TestCalibrateOpenFileLimit(t *testing.T) {
	if sock := os.Getenv("MYTUNE_FDLIMIT_SOCKET"); sock != "" {
		var stdout, stderr bytes.Buffer
		code := run([]string{"calibrate", "--no-predict", "--duration", "5s", "--max-bytes", "16MiB", "--schema", "cal_fd",
			"-S", sock, "-u", "root"}, strings.NewReader(""), &stdout, &stderr)
		fmt.Printf("exit=%d\n%s\n%s", code, stdout.String(), stderr.String())
		return
	}
	srv, db := calibrateServer(t)
	for _, tc := range []struct {
		name, ulimit string
		want, not    []string
	}{
		{"ulimit -n 20", "20", []string{"exit=0", "left out: 16 sessions: this process may open 20 files (ulimit -n)", "raise it with ulimit -n"},
			[]string{"too many open files"}},
		{"ulimit -n 4096", "4096", []string{"exit=0"}, []string{"ulimit -n", "too many open files"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("bash", "-c", `ulimit -n "$1" && exec "$2" -test.run '^TestCalibrateOpenFileLimit$'`, "bash", tc.ulimit, os.Args[0])
			cmd.Env = append(os.Environ(), "MYTUNE_FDLIMIT_SOCKET="+srv.Socket, "MYTUNE_DISCOVERY=off")
			out, _ := cmd.CombinedOutput()
			for _, w := range tc.want {
				if !strings.Contains(string(out), w) {
					t.Errorf("child lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(string(out), w) {
					t.Errorf("child says %q:\n%s", w, out)
				}
			}
			if n := schemaCount(t, db, "cal_fd"); n != 0 {
				t.Errorf("the scratch schema cal_fd was left (%d)", n)
			}
		})
	}
}
