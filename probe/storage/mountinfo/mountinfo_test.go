package mountinfo

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseLine(t *testing.T) {
	tests := []struct {
		name    string
		line    string
		want    Mount
		wantErr bool
	}{
		{
			name: "proc(5) example",
			line: "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue",
			want: Mount{ID: 36, ParentID: 35, Major: 98, Minor: 0, Root: "/mnt1", MountPoint: "/mnt2",
				Options: []string{"rw", "noatime"}, Optional: []string{"master:1"}, FSType: "ext3",
				Source: "/dev/root", SuperOptions: []string{"rw", "errors=continue"}},
		},
		{
			name: "no optional fields",
			line: "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard",
			want: Mount{ID: 27, ParentID: 1, Major: 254, Root: "/", MountPoint: "/",
				Options: []string{"rw", "relatime"}, FSType: "ext4", Source: "/dev/vda",
				SuperOptions: []string{"rw", "discard"}},
		},
		{
			name: "two optional fields and octal escapes",
			line: `40 1 8:1 / /mnt/a\040b\011c rw shared:2 master:3 - ext4 /dev/sda1 rw`,
			want: Mount{ID: 40, ParentID: 1, Major: 8, Minor: 1, Root: "/", MountPoint: "/mnt/a b\tc",
				Options: []string{"rw"}, Optional: []string{"shared:2", "master:3"}, FSType: "ext4",
				Source: "/dev/sda1", SuperOptions: []string{"rw"}},
		},
		{
			name: "missing super options",
			line: "41 1 0:50 / /x rw - tmpfs tmpfs",
			want: Mount{ID: 41, ParentID: 1, Major: 0, Minor: 50, Root: "/", MountPoint: "/x",
				Options: []string{"rw"}, FSType: "tmpfs", Source: "tmpfs"},
		},
		{name: "no separator", line: "36 35 98:0 /mnt1 /mnt2 rw,noatime ext3 /dev/root rw", wantErr: true},
		{name: "nothing after separator", line: "36 35 98:0 /mnt1 /mnt2 rw -", wantErr: true},
		{name: "bad device", line: "36 35 98-0 / / rw - ext4 /dev/sda rw", wantErr: true},
		{name: "bad id", line: "x 35 98:0 / / rw - ext4 /dev/sda rw", wantErr: true},
		{name: "too short", line: "36 35 98:0", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseLine(tc.line)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tc.wantErr)
			}
			if !tc.wantErr && !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

func TestUnescape(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "/var/lib/mysql", "/var/lib/mysql"},
		{"space", `/a\040b`, "/a b"},
		{"tab newline backslash", `\011\012\134`, "\t\n\\"},
		{"truncated escape kept", `/a\04`, `/a\04`},
		{"not octal kept", `/a\089`, `/a\089`},
		{"out of byte range kept", `/a\777`, `/a\777`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Unescape(tc.in); got != tc.want {
				t.Errorf("Unescape(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestParseFixtures(t *testing.T) {
	tests := []struct {
		name      string
		file      string
		count     int
		mountPt   string // a mount point that must be present
		wantDev   string
		wantFS    string
		wantRoot  string
		wantSrc   string
		wantOptIn string
	}{
		{name: "gopsutil host", file: "gopsutil-proc-1-mountinfo.txt", count: 25, mountPt: "/",
			wantDev: "8:1", wantFS: "ext4", wantRoot: "/", wantSrc: "/dev/sda1"},
		{name: "gopsutil container bind root", file: "gopsutil-proc-container-mountinfo.txt", count: 22, mountPt: "/",
			wantDev: "8:1", wantFS: "ext4", wantSrc: "/dev/sda1", wantOptIn: "master:1",
			wantRoot: "/home/FAKE/devel/go/src/github.com/DataDog/datadog-agent/pkg/network/so/cont/rootfs"},
		{name: "node_exporter octal escapes", file: "node_exporter-proc-1-mountinfo.txt", count: 32,
			mountPt: "/var/lib/kubelet/plugins/kubernetes.io/vsphere-volume/mounts/[vsanDatastore] bafb9e5a-8856-7e6c-699c-801844e77a4a/kubernetes-dynamic-pvc-3eba5bba-48a3-11e8-89ab-005056b92113.vmdk",
			wantDev: "260:0", wantFS: "ext4", wantRoot: "/", wantSrc: "/dev/sda", wantOptIn: "shared:31"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			ms, err := Parse(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != tc.count {
				t.Errorf("got %d mounts, want %d", len(ms), tc.count)
			}
			var found *Mount
			for i := range ms {
				if ms[i].MountPoint == tc.mountPt {
					found = &ms[i]
				}
			}
			if found == nil {
				t.Fatalf("mount point %q not found", tc.mountPt)
			}
			if found.Dev() != tc.wantDev || found.FSType != tc.wantFS || found.Root != tc.wantRoot || found.Source != tc.wantSrc {
				t.Errorf("got dev=%s fs=%s root=%s src=%s", found.Dev(), found.FSType, found.Root, found.Source)
			}
			if tc.wantOptIn != "" && !strings.Contains(strings.Join(found.Optional, " "), tc.wantOptIn) {
				t.Errorf("optional fields %v lack %q", found.Optional, tc.wantOptIn)
			}
		})
	}
}

func TestParseReportsBadLine(t *testing.T) {
	_, err := Parse(strings.NewReader("27 1 254:0 / / rw - ext4 /dev/vda rw\ngarbage\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("err = %v, want one naming line 2", err)
	}
}

func FuzzParseMountinfo(f *testing.F) {
	for _, name := range []string{"gopsutil-proc-1-mountinfo.txt", "gopsutil-proc-container-mountinfo.txt", "node_exporter-proc-1-mountinfo.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue`)
	f.Add("1 2 3:4 \\ \\0 - - -")
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := Parse(strings.NewReader(s))
		for _, m := range ms {
			if m.FSType == "" {
				t.Errorf("parsed mount without fstype: %#v", m)
			}
			if len(Unescape(m.MountPoint)) > len(m.MountPoint) {
				t.Errorf("unescape grew %q", m.MountPoint)
			}
		}
		_ = err
	})
}
