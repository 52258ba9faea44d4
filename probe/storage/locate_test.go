package storage

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

type locateCase struct {
	name         string
	proc         string
	path         string
	major, minor uint32
	fstype       string
	mountPoint   string
	source       string
	option       string
	transport    string
	chain        []string
	devOf        map[string][2]uint32
	wantGap      string
}

var locateCases = []locateCase{
	{name: "tmpfs", path: "/dev/shm/db", major: 0, minor: 23, fstype: "tmpfs", mountPoint: "/dev/shm",
		source: "tmpfs", option: "size=65536k", transport: profile.TransportMemory},
	{name: "nfs", path: "/mnt/nfs/mysql", major: 0, minor: 52, fstype: "nfs4", mountPoint: "/mnt/nfs",
		source: "server:/export", option: "vers=4.2", transport: profile.TransportNetwork},
	{name: "sshfs", path: "/mnt/sshfs", major: 0, minor: 70, fstype: "fuse.sshfs", mountPoint: "/mnt/sshfs",
		source: "user@host:/home", transport: profile.TransportNetwork},
	{name: "bind mount of a subdirectory", path: "/var/lib/mysql/ibdata1", major: 8, minor: 17, fstype: "ext4",
		mountPoint: "/var/lib/mysql", source: "/dev/sdb1", option: "noatime", transport: profile.TransportSATA,
		chain: []string{"sdb1", "sdb"}},
	{name: "longest mount point of the same device", path: "/srv/over/x", major: 8, minor: 17, fstype: "ext4",
		mountPoint: "/srv/over", source: "/dev/sdb1", transport: profile.TransportSATA, chain: []string{"sdb1", "sdb"}},
	{name: "escaped mount point on an SD card", path: "/media/pi card/mysql", major: 179, minor: 2, fstype: "ext4",
		mountPoint: "/media/pi card", source: "/dev/mmcblk0p2", transport: profile.TransportMMC,
		chain: []string{"mmcblk0p2", "mmcblk0"}},
	{name: "overlay with anonymous device", path: "/var/lib/docker/overlay2/x/merged/db", major: 0, minor: 60,
		fstype: "overlay", mountPoint: "/var/lib/docker/overlay2/x/merged", source: "overlay",
		transport: profile.TransportUnknown, wantGap: "its writes go to its upper directory /u, which is not visible from here"},
	{name: "overlay whose upper directory has a space (\\040 in mountinfo)", path: "/ovl/space/db", major: 0, minor: 61,
		fstype: "overlay", mountPoint: "/ovl/space", source: "overlay", option: "upperdir=/srv/up 4",
		devOf: map[string][2]uint32{"/srv/up 4": {8, 17}}, transport: profile.TransportSATA, chain: []string{"sdb1", "sdb"}},
	{name: "overlay whose upper directory is on tmpfs", path: "/ovl/tmp/db", major: 0, minor: 62,
		fstype: "overlay", mountPoint: "/ovl/tmp", source: "overlay",
		devOf: map[string][2]uint32{"/run/ovl/up": {0, 24}}, transport: profile.TransportMemory},
	{name: "btrfs anonymous device, source node missing", path: "/btr/db", major: 0, minor: 40, fstype: "btrfs",
		mountPoint: "/btr", source: "/dev/sdb1", transport: profile.TransportUnknown,
		wantGap: "is not a readable block device"},
	{name: "device not in mountinfo", path: "/srv/x", major: 8, minor: 1, fstype: "ext4", mountPoint: "/srv",
		source: "/dev/sdb1", transport: profile.TransportSATA, chain: []string{"sda1", "sda"},
		wantGap: "no mount in"},
	{name: "no mountinfo", proc: filepath.Join("testdata", "absent"), path: "/srv/x", major: 8, minor: 1,
		transport: profile.TransportSATA, chain: []string{"sda1", "sda"}, wantGap: "filesystem type and mount options are unknown"},
}

func TestLocateOn(t *testing.T) {
	mounts := filepath.Join("testdata", "mounts", "proc")
	tests := locateCases
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			proc := tc.proc
			if proc == "" {
				proc = mounts
			}
			rs := newResolver(context.Background(), Roots{Proc: proc, Sys: filepath.Join("testdata", "handmade", "sys"),
				Dev: filepath.Join("testdata", "mounts", "dev")})
			if tc.devOf != nil {
				rs.devOf = fakeDevOf(tc.devOf)
			}
			s := profile.Storage{Path: tc.path}
			rs.locateOn(&s, tc.major, tc.minor)
			if s.FSType != tc.fstype || s.MountPoint != tc.mountPoint || s.MountSource != tc.source {
				t.Errorf("fstype %q mountpoint %q source %q; want %q %q %q", s.FSType, s.MountPoint, s.MountSource,
					tc.fstype, tc.mountPoint, tc.source)
			}
			if tc.option != "" && !slices.Contains(s.MountOptions, tc.option) {
				t.Errorf("options %v lack %q", s.MountOptions, tc.option)
			}
			if s.Device.Transport != tc.transport || !reflect.DeepEqual(s.Device.Chain, tc.chain) {
				t.Errorf("transport %q chain %v; want %q %v", s.Device.Transport, s.Device.Chain, tc.transport, tc.chain)
			}
			checkGap(t, rs.gaps, tc.wantGap)
		})
	}
}

// TestMergeOptions: per-mount options first, then the superblock's not
// named; one access mode, ro when either says ro (QA: a read-only bind
// mount listed both ro and rw).
func TestMergeOptions(t *testing.T) {
	cases := []struct {
		name         string
		mount, super []string
		want         []string
	}{
		{"both rw: once", []string{"rw", "relatime"}, []string{"rw", "discard", ""}, []string{"rw", "relatime", "discard"}},
		{"read-only bind mount of a rw filesystem: ro", []string{"ro", "relatime"}, []string{"rw", "errors=remount-ro"},
			[]string{"ro", "relatime", "errors=remount-ro"}},
		{"rw bind mount of a filesystem remounted ro: ro", []string{"rw", "noatime"}, []string{"ro"}, []string{"ro", "noatime"}},
		{"no per-mount mode: the superblock's", []string{"relatime"}, []string{"ro"}, []string{"relatime", "ro"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := mergeOptions(c.mount, c.super); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestLocateErrors(t *testing.T) {
	tests := []struct {
		name string
		path string
		want error
	}{
		{"missing path", filepath.Join(t.TempDir(), "nope"), fs.ErrNotExist},
		{"dangling symlink", danglingLink(t), fs.ErrNotExist},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Locate(context.Background(), DefaultRoots(), tc.path)
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want errors.Is %v", err, tc.want)
			}
		})
	}
}

// TestLocatePathQuoted: a datadir whose name is not UTF-8 showed U+FFFD
// in storage.path and nothing exact (QA 16); path_quoted keeps its bytes.
func TestLocatePathQuoted(t *testing.T) {
	cases := []struct{ name, dir, want string }{
		{"byte \\xff", "d\xffb", `d\xffb'`},
		{"a tab", "a\tb", `a\x09b'`},
		{"spaces and UTF-8 print as they are: none", "dir with spaces ü", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), c.dir)
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Skipf("this filesystem refuses the name: %v", err)
			}
			s, _, err := Locate(context.Background(), DefaultRoots(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if (c.want == "") != (s.PathQuoted == "") || !strings.HasPrefix(s.PathQuoted, "$'") && c.want != "" ||
				!strings.HasSuffix(s.PathQuoted, c.want) {
				t.Errorf("path_quoted %q, want $'…%s", s.PathQuoted, c.want)
			}
		})
	}
}

func danglingLink(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "link")
	if err := symlinkTo("/nonexistent/mytune/target", p); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLocateLiveSmoke runs on the real /proc and /sys: wherever the test
// runs, its temp dir lives on some mount with a device (or tmpfs).
func TestLocateLiveSmoke(t *testing.T) {
	s, gaps, err := Locate(context.Background(), DefaultRoots(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("storage: %+v gaps: %+v", s, gaps)
	if s.MountPoint == "" || s.FSType == "" || s.Device.Transport == "" || s.TotalBytes == 0 {
		t.Errorf("implausible: mountpoint %q fstype %q transport %q total %d", s.MountPoint, s.FSType, s.Device.Transport, s.TotalBytes)
	}
	if s.Device.Transport != profile.TransportMemory && s.Device.Transport != profile.TransportNetwork &&
		(s.Device.Name == "" || len(s.Device.Chain) == 0) {
		t.Errorf("block-backed temp dir without device: %+v", s.Device)
	}
}

func symlinkTo(target, link string) error { return os.Symlink(target, link) }

// BenchmarkLocateLive measures one Locate of a temp dir on the real machine.
func BenchmarkLocateLive(b *testing.B) {
	dir := b.TempDir()
	for b.Loop() {
		if _, _, err := Locate(context.Background(), DefaultRoots(), dir); err != nil {
			b.Fatal(err)
		}
	}
}
