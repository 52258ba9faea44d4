//go:build linux

package probe

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPlanBudgetFileSizeLimit: under `ulimit -f` the test file fits the
// limit, with a note, or the probe refuses with what to do when the limit
// is below the smallest test file (review r18: under `ulimit -f 20000`
// the 64 MiB file failed at 19 MiB with EFBIG, nothing was measured, and
// probe exited 0). The budget is planned in a child run under bash's
// ulimit (1 KiB units; MYTUNE_FSIZE_CHILD), as a limit set here would bind
// the whole test process.
func TestPlanBudgetFileSizeLimit(t *testing.T) {
	if os.Getenv("MYTUNE_FSIZE_CHILD") == "1" {
		st := &profile.Storage{Path: "/srv/db", FSType: "ext4", FreeBytes: 60 << 30, TotalBytes: 250 << 30}
		fileBytes, _, _, err := planBudget(Options{}, st, profile.Memory{TotalBytes: 24 << 30, AvailableBytes: 22 << 30})
		fmt.Printf("file=%d MiB err=%v notes=%s\n", fileBytes>>20, err, strings.Join(st.Notes, "; "))
		return
	}
	for _, tc := range []struct {
		name, ulimit string
		want         []string
	}{
		{"no limit", "unlimited", []string{"file=64 MiB err=<nil> notes=\n"}},
		{"ulimit -f 20000 (20480000 bytes)", "20000", []string{"file=19 MiB err=<nil>", "test file shrunk from 64 MiB to 19 MiB: the file size limit of this process (ulimit -f) is 20480000 bytes"}},
		{"ulimit -f 100000: room for the whole file", "100000", []string{"file=64 MiB err=<nil> notes=\n"}},
		{"ulimit -f 8000: below the smallest test file", "8000", []string{"file=0 MiB", "the file size limit of this process (ulimit -f) is 8192000 bytes, less than the 16 MiB", "ulimit -f unlimited"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command("bash", "-c", `ulimit -f "$1" && exec "$2" -test.run '^TestPlanBudgetFileSizeLimit$'`, "bash", tc.ulimit, os.Args[0])
			cmd.Env = append(os.Environ(), "MYTUNE_FSIZE_CHILD=1")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("child: %v: %s", err, out)
			}
			line := strings.SplitAfterN(string(out), "\n", 2)[0]
			for _, w := range tc.want {
				if !strings.Contains(line, w) {
					t.Errorf("child said %q, want %q", line, w)
				}
			}
		})
	}
}
