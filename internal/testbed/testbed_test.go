package testbed

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseInfo(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    Bed
		wantErr bool
	}{
		{"v1 bed as the script prints it",
			"NAME=sd-1\nPROFILE=sd\nDIR=/mnt/mytune-sd-1\nIMG=/var/tmp/x.img\nLOOP=/dev/loop0\nMAJMIN=7:0\nCGROUP=/sys/fs/cgroup/blkio/mytune-sd-1\nCGVER=1\n",
			Bed{Name: "sd-1", Profile: "sd", Dir: "/mnt/mytune-sd-1", LoopDev: "/dev/loop0", MajMin: "7:0",
				Cgroup: "/sys/fs/cgroup/blkio/mytune-sd-1", CgroupVersion: 1}, false},
		{"fast bed without cgroup", "NAME=f\nPROFILE=fast\nDIR=/mnt/f\nLOOP=/dev/loop3\nCGROUP=\nCGVER=0\n",
			Bed{Name: "f", Profile: "fast", Dir: "/mnt/f", LoopDev: "/dev/loop3"}, false},
		{"noise lines are ignored", "warning: something\nNAME=a\nDIR=/d\nLOOP=/dev/loop1\n",
			Bed{Name: "a", Dir: "/d", LoopDev: "/dev/loop1"}, false},
		{"no loop device", "NAME=a\nDIR=/d\n", Bed{}, true},
		{"bad cgroup version", "NAME=a\nDIR=/d\nLOOP=/dev/loop1\nCGVER=x\n", Bed{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseInfo([]byte(tc.in))
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if err == nil && *got != tc.want {
				t.Errorf("got %+v, want %+v", *got, tc.want)
			}
		})
	}
}

func TestScriptFound(t *testing.T) {
	p, err := Script()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p) != "testbed.sh" {
		t.Errorf("script = %s", p)
	}
}

// TestBedLifecycle makes a throttled bed, checks that a command runs in its
// cgroup on its mount, and that teardown leaves no mount, loop device or cgroup.
func TestBedLifecycle(t *testing.T) {
	var b *Bed
	t.Run("up", func(t *testing.T) {
		b = Up(t, "lifecycle", "sd", "--size", "128M")
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		out, err := b.Run(ctx, "sh", "-c", "cat /proc/self/cgroup; pwd; dd if=/dev/zero of=f bs=1M count=4 oflag=direct 2>&1")
		if err != nil {
			t.Fatal(err)
		}
		s := string(out)
		if b.Cgroup != "" && !strings.Contains(s, "/"+filepath.Base(b.Cgroup)+"\n") {
			t.Errorf("command did not run in cgroup %s:\n%s", b.Cgroup, s)
		}
		if !strings.Contains(s, b.Dir+"\n") {
			t.Errorf("command did not run in %s:\n%s", b.Dir, s)
		}
		if mnt, _ := exec.Command("findmnt", "-no", "SOURCE", b.Dir).Output(); strings.TrimSpace(string(mnt)) != b.LoopDev {
			t.Errorf("%s is mounted from %q, want %s", b.Dir, mnt, b.LoopDev)
		}
	})
	if b == nil || t.Failed() {
		return
	}
	if out, _ := exec.Command("losetup", "-nO", "NAME,BACK-FILE").Output(); strings.Contains(string(out), b.Name+".img") {
		t.Errorf("loop device left after teardown:\n%s", out)
	}
	if err := exec.Command("mountpoint", "-q", b.Dir).Run(); err == nil {
		t.Errorf("%s still mounted after teardown", b.Dir)
	}
	if b.Cgroup != "" {
		if _, err := os.Stat(b.Cgroup); !os.IsNotExist(err) {
			t.Errorf("cgroup %s left after teardown (stat: %v)", b.Cgroup, err)
		}
	}
}

// recordTB records what skipOrFail asked of a test instead of doing it.
type recordTB struct {
	testing.TB
	skipped, failed bool
}

func (r *recordTB) Helper()                   {}
func (r *recordTB) Skipf(string, ...any)      { r.skipped = true }
func (r *recordTB) Fatalf(string, ...any)     { r.failed = true }
func (r *recordTB) Errorf(f string, a ...any) { r.failed = true }

func TestSkipOrFail(t *testing.T) {
	tests := []struct {
		name     string
		require  string
		wantSkip bool
	}{
		{"skips by default", "", true},
		{"fails when beds are required", "1", false},
		{"skips for any other value", "0", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(RequireEnv, tc.require)
			r := &recordTB{TB: t}
			skipOrFail(r, "no loop devices")
			if r.skipped != tc.wantSkip || r.failed == tc.wantSkip {
				t.Errorf("skipped=%v failed=%v, want skipped=%v", r.skipped, r.failed, tc.wantSkip)
			}
		})
	}
}
