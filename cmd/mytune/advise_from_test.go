package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAdviseFromWarnsOfUnusedMeasuringFlags: --from advises on the saved
// profile's figures, so a --datadir (or --duration, --max-bytes,
// --no-measure) given beside it is not measured; it used to be dropped
// without a word, and the advice read as that directory's.
func TestAdviseFromWarnsOfUnusedMeasuringFlags(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	from := filepath.Join(renderTestdata, "ssd-vm.json")
	dir := t.TempDir()
	cases := []struct {
		name  string
		extra []string
		want  string
	}{
		{"--datadir", []string{"--datadir", dir}, "--datadir not used"},
		{"--duration and --max-bytes", []string{"--duration", "3s", "--max-bytes", "1GiB"}, "--duration, --max-bytes not used"},
		{"--no-measure", []string{"--no-measure"}, "--no-measure not used"},
		{"nothing to warn of", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCmd(append([]string{"advise", "--from", from, "--format", "cnf"}, c.extra...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			warned := strings.Contains(stderr, "mytune: warning: --from")
			if warned != (c.want != "") || !strings.Contains(stderr, c.want) {
				t.Errorf("stderr %q: want the warning %q", stderr, c.want)
			}
		})
	}
}
