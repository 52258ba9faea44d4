package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// tmpDir puts the sort files' directory on fstype with free bytes free;
// same says it is the datadir's filesystem.
func tmpDir(variable, setting, fstype string, free uint64, same bool) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Storage.TmpDir = &profile.TmpDir{RedoDir: profile.RedoDir{Path: strings.Split(setting, ":")[0], Setting: setting,
			Source: "server", FSType: fstype, MountPoint: "/tmp", Device: "tmpfs", FreeBytes: free, TotalBytes: free},
			Variable: variable, SameFilesystem: same}
	}
}

// largest makes name the largest user table, of b bytes.
func largest(name string, b uint64) func(*profile.Profile) {
	return func(p *profile.Profile) { p.Server.LargestTables = []profile.TableSize{{Name: name, Bytes: b}} }
}

// Live, MariaDB 10.11.19 (docs/benchmarks/live-server.md): tmpdir a 16
// MiB tmpfs, the largest table 152 MiB: ALTER TABLE … ADD INDEX failed
// with ERROR 1878; with innodb_tmpdir on the datadir's filesystem it ran.
func init() {
	ruleCases = append(ruleCases, []struct {
		name       string
		id         string
		mutate     func(*profile.Profile)
		durability string
		want       bool
		recommend  string
	}{
		{"tmpdir a 16 MiB tmpfs, largest table 152 MiB", "storage.tmpdir_small",
			all(tmpDir("tmpdir", "/tmp", "tmpfs", 16*tMiB, false), largest("t.src", 152*tMiB)), "", true, ""},
		{"innodb_tmpdir with room", "storage.tmpdir_small",
			all(tmpDir("innodb_tmpdir", "/srv/sort", "ext4", 64*tGiB, true), largest("t.src", 152*tMiB)), "", false, ""},
		{"tmpdir just holds the largest table", "storage.tmpdir_small",
			all(tmpDir("tmpdir", "/tmp", "tmpfs", 152*tMiB, false), largest("t.src", 152*tMiB)), "", false, ""},
		{"table sizes unknown", "storage.tmpdir_small", tmpDir("tmpdir", "/tmp", "tmpfs", 16*tMiB, false), "", false, ""},
		{"tmpdir unknown", "storage.tmpdir_small", largest("t.src", 152*tMiB), "", false, ""},
		{"tmpdir unreadable here", "storage.tmpdir_small", all(tmpDir("tmpdir", "/tmp", "", 0, false), largest("t.src", 152*tMiB),
			func(p *profile.Profile) { p.Storage.TmpDir.Note = "permission denied" }), "", false, ""},
	}...)
}

// TestTmpDirText: the finding names the setting, the filesystem, its
// room, RAM for a tmpfs, and a place with room when the datadir has it.
func TestTmpDirText(t *testing.T) {
	cases := []struct {
		name       string
		mutate     func(*profile.Profile)
		want, not  []string
		datadirFit bool
	}{
		{"a tmpfs tmpdir, the datadir with room", all(tmpDir("tmpdir", "/tmp", "tmpfs", 16*tMiB, false), largest("t.src", 152*tMiB)),
			[]string{"tmpdir = /tmp (innodb_tmpdir is not set) is tmpfs on /tmp with 16.0 MiB free of 16.0 MiB", "in RAM",
				"t.src (152.0 MiB of data and indexes)", "ERROR 1878", "SET GLOBAL innodb_tmpdir", "The datadir's filesystem (/var/lib/mysql, 500.0 GiB free) has room"},
			nil, true},
		{"innodb_tmpdir on the datadir's filesystem, too full", all(tmpDir("innodb_tmpdir", "/var/lib/sort", "xfs", tMiB, true), largest("t.big", 2*tGiB)),
			[]string{"innodb_tmpdir = /var/lib/sort is xfs on /tmp, the datadir's filesystem, with 1.0 MiB free"},
			[]string{"innodb_tmpdir is not set", "in RAM", "has room"}, false},
		{"a list of directories: the one with least room named", all(tmpDir("tmpdir", "/tmp:/var/tmp", "tmpfs", 16*tMiB, false), largest("t.src", 152*tMiB)),
			[]string{"tmpdir = /tmp:/var/tmp (innodb_tmpdir is not set), of which /tmp has the least room,"}, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Storage.MountPoint = "/var/lib/mysql"
			tc.mutate(&p)
			h, ok := fired(t, p, "strict", "")["storage.tmpdir_small"]
			if !ok {
				t.Fatal("storage.tmpdir_small did not fire")
			}
			for _, w := range tc.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail lacks %q:\n%s", w, h.RenderedDetail)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail has %q:\n%s", w, h.RenderedDetail)
				}
			}
		})
	}
}
