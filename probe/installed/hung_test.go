package installed

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunVersionHung: a `--version` that does not answer is given up at
// its timeout even when what it started keeps the output pipe open (a
// wrapper script whose `sleep` outlives it): review r18 saw a fake
// mariadbd on PATH running `sleep 30; echo` hold advise for 30 s against
// a 5 s timeout.
func TestRunVersionHung(t *testing.T) {
	for _, tc := range []struct {
		name, script string
	}{
		{"the binary itself sleeps", "#!/bin/sh\nexec sleep 20\n"},
		{"a child keeps the pipe open", "#!/bin/sh\nsleep 20\necho done\n"},
		{"a background child keeps it open", "#!/bin/sh\nsleep 20 &\necho 'mariadbd  Ver 10.11.19-MariaDB'\nwait\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "mariadbd")
			if err := os.WriteFile(p, []byte(tc.script), 0o755); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err := runVersionWithin(context.Background(), p, 200*time.Millisecond)
			took := time.Since(start)
			if err == nil || !strings.Contains(err.Error(), "no answer within 200ms") {
				t.Errorf("err = %v, want no answer within 200ms", err)
			}
			if took > 200*time.Millisecond+versionWaitDelay+2*time.Second {
				t.Errorf("took %s: the timeout did not bound the run", took)
			}
		})
	}
}

// TestRunVersionFlood: a `--version` that floods its output is stopped at
// versionMaxBytes, not read into memory until the timeout (review r18: a
// fake mariadbd running `exec yes` took advise to 548 MB resident), and a
// normal one still gives its line.
func TestRunVersionFlood(t *testing.T) {
	for _, tc := range []struct {
		name, script, want, wantErr string
	}{
		{"stdout flood", "#!/bin/sh\nexec yes 'mariadbd  Ver 10.11.19-MariaDB for debian-linux-gnu'\n", "", "printed more than 64 KiB"},
		{"stderr flood", "#!/bin/sh\nexec yes 'oops' >&2\n", "", "printed more than 64 KiB"},
		{"one line", "#!/bin/sh\necho 'mariadbd  Ver 10.11.19-MariaDB for debian-linux-gnu'\n", "Ver 10.11.19-MariaDB", ""},
		{"fails with a message", "#!/bin/sh\necho 'unknown option' >&2\nexit 1\n", "", "unknown option"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "mariadbd")
			if err := os.WriteFile(p, []byte(tc.script), 0o755); err != nil {
				t.Fatal(err)
			}
			out, err := runVersionWithin(context.Background(), p, 3*time.Second)
			if tc.wantErr == "" && (err != nil || !strings.Contains(out, tc.want)) {
				t.Errorf("got %q, %v; want %q", out, err, tc.want)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("err = %v, want %q", err, tc.wantErr)
			}
		})
	}
}
