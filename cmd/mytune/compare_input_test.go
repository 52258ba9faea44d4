package main

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// endless is a reader that never ends on its own (/dev/zero, a pipe from a
// runaway command); it gives up, with an error, only after max bytes, so a
// reader that does not bound what it takes fails the test instead of
// filling the memory.
type endless struct {
	read, max int
	eof       bool // end with io.EOF at max, as a file does, instead of errEndless
}

var errEndless = errors.New("endless input read far past any profile's size")

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.max && e.eof {
		return 0, io.EOF
	}
	if e.read >= e.max {
		return 0, errEndless
	}
	n := min(len(p), e.max-e.read)
	for i := range p[:n] {
		p[i] = ' '
	}
	e.read += n
	return n, nil
}

// TestCompareBoundsInput: compare reads at most profile.MaxDocumentBytes
// (+1, to know it is over) of each document and refuses the rest as too
// large, as advise --from does; before, `mytune compare a.json /dev/zero`
// read until the machine ran out of memory.
func TestCompareBoundsInput(t *testing.T) {
	ssd := filepath.Join(renderTestdata, "ssd-vm.json")
	cases := []struct {
		name     string
		max      int
		eof      bool
		wantCode int
		wantErr  string
	}{
		{"endless stdin is refused as too large", 3 * profile.MaxDocumentBytes, false, 2, "larger than 32 MiB"},
		{"stdin just over the bound is refused", profile.MaxDocumentBytes + 1, false, 2, "larger than 32 MiB"},
		{"a file at the bound is read whole, and is no profile", profile.MaxDocumentBytes, true, 2, "not valid JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := &endless{max: c.max, eof: c.eof}
			var stdout, stderr bytes.Buffer
			code := run([]string{"compare", "-", ssd}, in, &stdout, &stderr)
			if code != c.wantCode || !strings.Contains(stderr.String(), c.wantErr) {
				t.Fatalf("exit %d, want %d with %q; stderr: %s", code, c.wantCode, c.wantErr, stderr.String())
			}
			if in.read > profile.MaxDocumentBytes+1 {
				t.Errorf("read %d bytes, more than the %d a document may hold (+1)", in.read, profile.MaxDocumentBytes)
			}
		})
	}
}
