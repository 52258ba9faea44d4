//go:build linux

package beds_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testbed"
	"github.com/mytune/mytune/profile"
)

// measureDuration is the measuring time per bed: long enough for every
// phase to see the throttle (150 IOPS gives ~40 operations per thread
// point), short enough to keep the three beds under a minute.
const measureDuration = "6s"

// maxBytes keeps the test file small: the beds are 1 GiB (5% is ~45 MiB
// anyway) and tmpfs holds its file in RAM.
const maxBytes = 64 << 20

// measurer runs `mytune probe` on a directory in a child process — the
// throttle applies only to processes inside the bed's cgroup — and returns
// the storage part of the profile it prints.
type measurer struct{ bin string }

// newMeasurer builds the mytune binary once for the test.
func newMeasurer(t *testing.T) measurer {
	t.Helper()
	root, err := testbed.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "mytune")
	if err := build(root, bin, "./cmd/mytune"); err != nil {
		t.Fatal(err)
	}
	return measurer{bin: bin}
}

func build(root, out, pkg string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, "go", "build", "-o", out, pkg)
	c.Dir = root
	if msg, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s: %w\n%s", pkg, err, msg)
	}
	return nil
}

// args returns the command line that measures dir.
func (m measurer) args(dir string) []string {
	return []string{"probe", "--datadir", dir, "--no-server", "--format", "json", "--duration", measureDuration,
		"--max-bytes", fmt.Sprintf("%dMiB", maxBytes>>20)}
}

// parse reads the storage out of the profile the probe printed.
func (m measurer) parse(out []byte) (profile.Storage, error) {
	var p profile.Profile
	err := json.Unmarshal(out, &p)
	return p.Storage, err
}

// run measures dir with cmd (built by the caller so beds can wrap it).
func (m measurer) run(cmd *exec.Cmd) (profile.Storage, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return profile.Storage{}, fmt.Errorf("%s: %w: %s", strings.Join(cmd.Args, " "), err, strings.TrimSpace(stderr.String()))
	}
	st, err := m.parse(out)
	if err != nil {
		return st, fmt.Errorf("reading the JSON of %s: %w\n%s", filepath.Base(m.bin), err, out)
	}
	return st, nil
}
