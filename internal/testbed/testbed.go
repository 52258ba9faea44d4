// Package testbed gives tests throttled slow-disk beds: it drives
// scripts/testbed.sh (a file-backed loop device, ext4, mounted, throttled by
// a cgroup) and tears each bed down when the test ends, even if it fails.
// Beds need root and loop devices; without them tests are skipped, unless
// MYTUNE_REQUIRE_BEDS=1 is set, when they fail instead.
package testbed

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// RequireEnv names the environment variable that turns "skip" into "fail"
// when beds cannot be made (set it in CI, which runs as root).
const RequireEnv = "MYTUNE_REQUIRE_BEDS"

// Timeouts for the script: making a bed formats a small ext4 (about a
// second here); tearing down unmounts and detaches.
const (
	upTimeout   = 2 * time.Minute
	downTimeout = time.Minute
)

// Bed is one test bed that is up: a mounted directory on a loop device
// whose I/O is throttled for processes in Cgroup.
type Bed struct {
	Name    string // the bed's name as the script knows it (unique per test process)
	Profile string // "sd", "hdd", "fast", "custom" or "latency"
	Dir     string // the mounted directory to measure in
	LoopDev string // e.g. /dev/loop0
	MajMin  string // the loop device's "major:minor", e.g. "7:0"
	// Cgroup is the cgroup directory whose members are throttled; "" for an
	// unthrottled bed on a machine without a usable I/O controller.
	Cgroup        string
	CgroupVersion int // 1 (blkio) or 2 (io.max); 0 without cgroup
}

// Up makes the bed NAME with the given profile (see scripts/testbed.sh;
// extra flags such as "--size", "512M" are passed on) and registers its
// teardown with t.Cleanup. It skips t when the machine cannot make beds.
func Up(t testing.TB, name, profile string, extra ...string) *Bed {
	t.Helper()
	script, err := Script()
	if err != nil {
		t.Fatalf("testbed: %v", err)
	}
	if why := unsupported(profile); why != "" {
		skipOrFail(t, why)
	}
	full := fmt.Sprintf("%s-%d", name, os.Getpid())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), downTimeout)
		defer cancel()
		if out, err := runScript(ctx, script, "down", full); err != nil {
			t.Errorf("testbed: tearing down bed %s: %v\n%s (clean up with: %s down-all)", full, err, out, script)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), upTimeout)
	defer cancel()
	args := append([]string{"up", full, profile}, extra...)
	out, err := runScript(ctx, script, args...)
	if err != nil {
		t.Fatalf("testbed: making bed %s (%s): %v\n%s", full, profile, err, out)
	}
	b, err := parseInfo(out)
	if err != nil {
		t.Fatalf("testbed: reading what the script said about bed %s: %v\n%s", full, err, out)
	}
	return b
}

// Command returns cmd prepared to run inside the bed's cgroup, with the
// bed's directory as working directory: a shell joins the cgroup, then
// execs the command (same process, so ctx cancellation kills it).
func (b *Bed) Command(ctx context.Context, name string, arg ...string) *exec.Cmd {
	var c *exec.Cmd
	if b.Cgroup == "" {
		c = exec.CommandContext(ctx, name, arg...)
	} else {
		sh := []string{"-c", `echo $$ > "$0/cgroup.procs" && exec "$@"`, b.Cgroup, name}
		c = exec.CommandContext(ctx, "/bin/sh", append(sh, arg...)...)
	}
	c.Dir = b.Dir
	return c
}

// Run runs a command inside the bed's cgroup and returns its standard
// output; the error carries its standard error.
func (b *Bed) Run(ctx context.Context, name string, arg ...string) ([]byte, error) {
	c := b.Command(ctx, name, arg...)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		return out, fmt.Errorf("running %s in bed %s: %w: %s", name, b.Name, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Script returns the path of scripts/testbed.sh in this module.
func Script() (string, error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	p := filepath.Join(root, "scripts", "testbed.sh")
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("finding the bed script: %w (is the checkout complete?)", err)
	}
	return p, nil
}

// ModuleRoot walks up from the working directory to the directory holding go.mod.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the module root: %w", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("finding the module root: no go.mod above the working directory; run from inside the module")
		}
		dir = parent
	}
}

// unsupported says why this machine cannot make a bed of the profile, or "".
func unsupported(profile string) string {
	if os.Geteuid() != 0 {
		return "test beds need root (loop devices, mounts, cgroups)"
	}
	if _, err := os.Stat("/dev/loop-control"); err != nil {
		return "no loop device support (/dev/loop-control missing; modprobe loop)"
	}
	for _, tool := range []string{"losetup", "mkfs.ext4", "mount", "flock", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Sprintf("%s is not installed", tool)
		}
	}
	if profile != "fast" && !throttleAvailable() {
		return "no cgroup v1 blkio or v2 io controller to throttle with"
	}
	return ""
}

// throttleAvailable asks the script which cgroup it would use.
func throttleAvailable() bool {
	script, err := Script()
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := runScript(ctx, script, "status")
	return err == nil && !strings.Contains(string(out), "none usable")
}

func skipOrFail(t testing.TB, why string) {
	t.Helper()
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("testbed: %s, and %s=1 requires beds", why, RequireEnv)
		return
	}
	t.Skipf("testbed: %s (set %s=1 to fail instead)", why, RequireEnv)
}

func runScript(ctx context.Context, script string, args ...string) ([]byte, error) {
	c := exec.CommandContext(ctx, "bash", append([]string{script}, args...)...)
	out, err := c.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("%s %s: %w", filepath.Base(script), strings.Join(args, " "), err)
	}
	return out, nil
}

// parseInfo reads the KEY=VALUE lines the script prints for a bed.
func parseInfo(out []byte) (*Bed, error) {
	kv := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			kv[k] = v
		}
	}
	b := &Bed{Name: kv["NAME"], Profile: kv["PROFILE"], Dir: kv["DIR"], LoopDev: kv["LOOP"], MajMin: kv["MAJMIN"], Cgroup: kv["CGROUP"]}
	if b.Name == "" || b.Dir == "" || b.LoopDev == "" {
		return nil, errors.New("NAME, DIR or LOOP missing")
	}
	if v := kv["CGVER"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, fmt.Errorf("CGVER %q is not a number: %w", v, err)
		}
		b.CgroupVersion = n
	}
	return b, nil
}
