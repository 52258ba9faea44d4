package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFromStdinWithPrompt: -p from a pipe reads its password from standard
// input, which --from - reads the profile from; the two at once are
// refused before either reads (review r18: `cat p.json | mytune advise
// --from - -p -S SOCK -u dba` sent the profile's first line "{" as the
// password and said "access denied ... (using password: YES)"). -p with a
// profile file still reads the password from standard input.
func TestFromStdinWithPrompt(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	path := filepath.Join(renderTestdata, "ssd-vm.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(t.TempDir(), "none.sock")
	for _, tc := range []struct {
		name    string
		args    []string
		stdin   []byte
		code    int
		wantErr string
	}{
		{"advise --from - -p", []string{"advise", "--from", "-", "-p", "-S", sock, "-u", "dba"}, data, exitUsage, "-p would read the password from standard input, which --from - reads"},
		{"calibrate --from - -p", []string{"calibrate", "--from", "-", "-p", "-S", sock, "-u", "dba"}, data, exitUsage, "which --from - reads"},
		{"advise --from FILE -p", []string{"advise", "--from", path, "-p", "-S", sock, "-u", "dba"}, []byte("pw\n"), exitFailed, sock},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, bytes.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code || !strings.Contains(stderr.String(), tc.wantErr) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr.String(), tc.code, tc.wantErr)
			}
		})
	}
}
