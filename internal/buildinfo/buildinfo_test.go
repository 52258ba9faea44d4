package buildinfo

import (
	"runtime"
	"strings"
	"testing"
)

// TestOf: the linker's values win; the line names every part.
func TestOf(t *testing.T) {
	cases := []struct {
		name, version, commit, wantCommit string
	}{
		{"linker commit", "v1.2.3", "0123456789ab", "0123456789ab"},
		{"no linker commit: the VCS stamp or unknown (a test binary has none)", "dev", "", "unknown"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			i := Of(c.version, c.commit)
			if i.Version != c.version || i.Commit != c.wantCommit || i.GoVersion != runtime.Version() {
				t.Errorf("Of = %+v", i)
			}
			want := "mytune " + c.version + " (commit " + c.wantCommit + ", " + runtime.Version() + ", " + runtime.GOOS + "/" + runtime.GOARCH + ")"
			if l := i.Line(); l != want || !strings.HasPrefix(l, "mytune ") {
				t.Errorf("Line = %q, want %q", l, want)
			}
		})
	}
}
