//go:build linux

// Package beds_test measures throttled test beds (scripts/testbed.sh) with
// the real measuring engine and checks the storage class decided for each:
// an SD-card bed, an HDD bed and a tmpfs directory. The beds need root; see
// internal/testbed for skipping and MYTUNE_REQUIRE_BEDS.
package beds_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mytune/mytune/internal/testbed"
	"github.com/mytune/mytune/profile"
)

// tmpfsMagic is TMPFS_MAGIC from include/uapi/linux/magic.h.
const tmpfsMagic = 0x01021994

func TestStorageClassOnBeds(t *testing.T) {
	if testing.Short() {
		t.Skip("bed tests measure for about 20 s; skipped with -short")
	}
	m := newMeasurer(t)
	tests := []struct {
		name    string
		profile string // a testbed.sh profile, or "tmpfs"
		want    string
	}{
		{"sd card bed: 15 MB/s, 150 write IOPS, fast reads", "sd", profile.ClassSDCard},
		{"hdd bed: 120 MB/s, 150 IOPS both ways", "hdd", profile.ClassHDD},
		{"tmpfs directory", "tmpfs", profile.ClassMemory},
	}
	var beds []*testbed.Bed
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
			defer cancel()
			var cmd *exec.Cmd
			if tc.profile == "tmpfs" {
				dir := tmpfsDir(t)
				cmd = exec.CommandContext(ctx, m.bin, m.args(dir)...)
			} else {
				b := testbed.Up(t, tc.profile, tc.profile)
				beds = append(beds, b)
				cmd = b.Command(ctx, m.bin, m.args(b.Dir)...)
			}
			st, err := m.run(cmd)
			if err != nil {
				t.Fatal(err)
			}
			numbers, _ := json.Marshal(map[string]any{"seq_write": st.SeqWrite, "seq_read": st.SeqRead,
				"fsync": st.Fsync, "rand_write": st.RandWrite, "rand_read": st.RandRead})
			t.Logf("%s: device %s (transport %q, fstype %s), class %s\n  %s\n  %s", filepath.Base(m.bin),
				st.Device.Name, st.Device.Transport, st.FSType, st.Class, strings.Join(st.ClassEvidence, "\n  "), numbers)
			if st.Class != tc.want {
				t.Errorf("class = %q, want %q", st.Class, tc.want)
			}
			if len(st.ClassEvidence) == 0 {
				t.Error("no class evidence")
			}
		})
	}
	for _, b := range beds {
		assertGone(t, b)
	}
}

// assertGone checks that a bed's teardown left no mount, loop device or cgroup.
func assertGone(t *testing.T, b *testbed.Bed) {
	t.Helper()
	if out, _ := exec.Command("losetup", "-nO", "BACK-FILE").Output(); strings.Contains(string(out), "/"+b.Name+".img") {
		t.Errorf("bed %s: loop device left after teardown:\n%s", b.Name, out)
	}
	if exec.Command("mountpoint", "-q", b.Dir).Run() == nil {
		t.Errorf("bed %s: %s still mounted after teardown", b.Name, b.Dir)
	}
	if b.Cgroup != "" {
		if _, err := os.Stat(b.Cgroup); !os.IsNotExist(err) {
			t.Errorf("bed %s: cgroup %s left after teardown", b.Name, b.Cgroup)
		}
	}
}

// tmpfsDir returns a fresh directory on tmpfs: under /dev/shm when that is
// tmpfs, else a small tmpfs mounted for the test (root only).
func tmpfsDir(t *testing.T) string {
	t.Helper()
	var fs unix.Statfs_t
	if unix.Statfs("/dev/shm", &fs) == nil && fs.Type == tmpfsMagic {
		dir, err := os.MkdirTemp("/dev/shm", "mytune-beds-")
		if err != nil {
			t.Fatalf("making a directory on /dev/shm: %v", err)
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		return dir
	}
	if os.Geteuid() != 0 {
		t.Skip("no tmpfs at /dev/shm and not root to mount one")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=128m", "mytune-beds", dir).CombinedOutput(); err != nil {
		t.Fatalf("mounting a tmpfs on %s: %v: %s", dir, err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("unmounting the tmpfs on %s: %v: %s", dir, err, out)
		}
	})
	return dir
}
