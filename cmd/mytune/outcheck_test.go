package main

import (
	"bytes"
	"errors"
	"strings"
	"syscall"
	"testing"
)

// fullWriter fails every write as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// TestHelpToFullDisk: the help cobra writes itself fails like any other
// output on a full disk (review r18: `mytune --help >/dev/full` and
// `mytune help advise >/dev/full` printed nothing and exited 0), while
// the same help to a working stdout still exits 0.
func TestHelpToFullDisk(t *testing.T) {
	for _, args := range [][]string{
		{"--help"}, {"help"}, {"help", "advise"}, {"advise", "--help"}, {"rules", "list", "--help"}, {"compare", "--help"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(args, strings.NewReader(""), fullWriter{}, &stderr)
			if code != exitFailed || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("to a full disk: exit %d, stderr %q; want exit 1 and the write's error", code, stderr.String())
			}
			var stdout bytes.Buffer
			stderr.Reset()
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK || stdout.Len() == 0 {
				t.Errorf("to a buffer: exit %d, %d bytes, stderr %q; want exit 0 and the help", code, stdout.Len(), stderr.String())
			}
		})
	}
	if err := (&outCheck{err: syscall.EPIPE}).failed(errors.New("first")); err.Error() != "first" {
		t.Errorf("the command's own error must win: %v", err)
	}
}
