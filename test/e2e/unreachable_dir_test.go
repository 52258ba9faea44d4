//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestDatadirUnreachable: a --datadir under a directory nobody may enter
// says to run as a user who may enter it, not one who may write there,
// when nothing is to be written (QA: --no-measure was told "run as a user
// who can write there").
func TestDatadirUnreachable(t *testing.T) {
	requireRoot(t)
	closed := mkdirMode(t, 0o700)
	dir := filepath.Join(closed, "data")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	nobody := &syscall.Credential{Uid: 65534, Gid: 65534}
	cases := []struct {
		name string
		args []string
	}{
		{"--no-measure", []string{"advise", "--no-server", "--no-measure", "--datadir", dir}},
		{"measuring", []string{"probe", "--no-server", "--duration", "2s", "--datadir", dir}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mytune(t, runOpts{cred: nobody}, c.args...)
			assertCleanError(t, r, 2, "run as a user who may enter it and every directory above it")
			if strings.Contains(r.stderr, "write") {
				t.Errorf("says write though the directory could not be reached: %s", r.stderr)
			}
		})
	}
}
