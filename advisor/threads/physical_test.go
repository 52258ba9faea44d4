package threads

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// physicalProfile is a 2-core host with 4 GiB available, a datadir on a
// 15 MB/s, 150 writes/s card (the sd bed's figures) and a backup like the
// one measured in docs/benchmarks/physical-restore.md: 1.1 GB of files,
// 529 MB of them the copied redo.
func physicalProfile() *profile.Profile {
	same := true
	return &profile.Profile{
		Host: profile.Host{CPU: profile.CPU{Logical: 2}, Memory: profile.Memory{TotalBytes: 8 << 30, AvailableBytes: 4 << 30}},
		Storage: profile.Storage{Path: "/var/lib/mysql", Measured: true, Class: profile.ClassSDCard, FreeBytes: 20 << 30, TotalBytes: 30 << 30,
			SeqWrite: profile.Throughput{MBPerS: 15}, RandWrite: []profile.ThreadPoint{{Threads: 1, IOPS: 150}}},
		Server: &profile.Server{Reachable: true, Flavor: profile.FlavorMariaDB, Version: "10.11.19-MariaDB-0+deb12u1", Datadir: "/var/lib/mysql/",
			Variables: map[string]string{"innodb_page_size": "16384"}},
		Backup: &profile.PhysicalBackup{Path: "/backup/full", Tool: "mariadb-backup", ToolVersion: "10.11.19-MariaDB",
			ServerVersion: "10.11.19-MariaDB-0+deb12u1", Type: profile.BackupFull, ToLSN: 653910047, LastLSN: 1183261811,
			RedoBytes: 529351764, TotalBytes: 1050000000, LogFileBytes: 529364052, Files: 40, PageSizeBytes: 16384,
			SameFilesystemAsDatadir: &same, DatadirOwner: "mysql:mysql"},
	}
}

func TestPhysicalPlan(t *testing.T) {
	cases := []struct {
		name         string
		edit         func(p *profile.Profile)
		wantCmds     []string // substrings, in order
		wantWarn     []string
		wantNoCmds   bool
		wantParallel int
	}{
		{"a backup to prepare, on a card", func(*profile.Profile) {}, []string{
			"mariadb-backup --prepare --target-dir=/backup/full --use-memory=1152M",
			"mariadb-backup --copy-back --target-dir=/backup/full --parallel=1 --datadir=/var/lib/mysql", "sync -f /var/lib/mysql",
			"chown -R mysql:mysql /var/lib/mysql/"}, nil, false, 1},
		{"prepared already: no prepare line", func(p *profile.Profile) { p.Backup.Type = profile.BackupLogApplied; p.Backup.RedoBytes = 0 },
			[]string{"--copy-back", "sync"}, nil, false, 1},
		{"an xtrabackup log-applied backup still prepares", func(p *profile.Profile) {
			p.Backup.Type, p.Backup.Tool = profile.BackupLogApplied, "xtrabackup"
			p.Server.Version, p.Server.Flavor, p.Backup.ServerVersion = "8.0.36", profile.FlavorMySQL, "8.0.36"
		}, []string{"xtrabackup --prepare", "xtrabackup --copy-back"}, nil, false, 1},
		{"a mariabackup backup keeps its name", func(p *profile.Profile) { p.Backup.Tool = "mariabackup" },
			[]string{"mariabackup --prepare", "mariabackup --copy-back"}, nil, false, 1},
		{"an SSD on 2 cores: two copies at once", func(p *profile.Profile) { p.Storage.Class = profile.ClassSSD },
			[]string{"--parallel=2"}, nil, false, 2},
		{"memory caps --use-memory at half of what is available", func(p *profile.Profile) { p.Host.Memory.AvailableBytes = 1 << 30 },
			[]string{"--use-memory=512M"}, nil, false, 1},
		{"a fast disk: the default memory (more gained nothing there)", func(p *profile.Profile) {
			p.Storage.Class, p.Storage.RandWrite = profile.ClassSSD, []profile.ThreadPoint{{Threads: 1, IOPS: 9000}, {Threads: 16, IOPS: 40000}}
		}, []string{"--use-memory=100M", "--parallel=2"}, nil, false, 2},
		{"the backup on another disk: its writes unmeasured, the default memory", func(p *profile.Profile) {
			other := false
			p.Backup.SameFilesystemAsDatadir = &other
		}, []string{"--use-memory=100M"}, nil, false, 1},
		{"little redo: the default", func(p *profile.Profile) { p.Backup.RedoBytes = 1 << 20 }, []string{"--use-memory=100M"}, nil, false, 1},
		{"compressed: decompress first", func(p *profile.Profile) { p.Backup.Compressed = ".qp" },
			[]string{"mariadb-backup --decompress --remove-original --target-dir=/backup/full", "--prepare"}, nil, false, 1},
		{"incremental: no lines", func(p *profile.Profile) { p.Backup.Type = profile.BackupIncremental }, nil,
			[]string{"an incremental backup", "--incremental-dir=/backup/full"}, true, 1},
		{"encrypted: no lines", func(p *profile.Profile) { p.Backup.Encrypted = ".xbcrypt" }, nil, []string{"an encrypted backup"}, true, 1},
		{"another major version", func(p *profile.Profile) { p.Backup.ServerVersion = "10.6.21-MariaDB" },
			[]string{"--copy-back"}, []string{"the backup is of 10.6.21-MariaDB and the target is 10.11.19", "own major version (10.6)"}, false, 1},
		{"MySQL's backup onto MariaDB", func(p *profile.Profile) { p.Backup.ServerVersion = "8.0.36" },
			[]string{"--copy-back"}, []string{"the backup is of 8.0.36 and the target is mariadb 10.11.19", "logical dump"}, false, 1},
		{"no room, another filesystem", func(p *profile.Profile) {
			other := false
			p.Storage.FreeBytes, p.Backup.SameFilesystemAsDatadir = 300<<20, &other
		},
			[]string{"--copy-back"}, []string{"the copy writes 496.5 MiB into the datadir's filesystem, which has 300.0 MiB free"}, false, 1},
		{"no room for even the compressed files: 'more than'", func(p *profile.Profile) {
			other := false
			p.Storage.FreeBytes, p.Backup.SameFilesystemAsDatadir, p.Backup.Compressed = 300<<20, &other, ".qp"
		}, []string{"--decompress"}, []string{"the copy writes more than 496.5 MiB into the datadir's filesystem"}, false, 1},
		{"no room, the same filesystem: --move-back said", func(p *profile.Profile) {
			same := true
			p.Storage.FreeBytes, p.Backup.SameFilesystemAsDatadir = 300<<20, &same
		}, []string{"--copy-back"}, []string{"--move-back instead of --copy-back", "keep a copy elsewhere first"}, false, 1},
		{"64K pages onto a 16K server", func(p *profile.Profile) { p.Backup.PageSizeBytes = 64 << 10 },
			[]string{"--copy-back"}, []string{"the backup's pages are 64.0 KiB", "innodb_page_size = 65536"}, false, 1},
		{"partial, with the mysql schema", func(p *profile.Profile) { p.Backup.Partial, p.Backup.SystemSchema = true, true },
			[]string{"--copy-back"}, []string{"a partial backup", "a datadir without the other tables"}, false, 1},
		{"partial, without the mysql schema: no lines", func(p *profile.Profile) { p.Backup.Partial = true },
			nil, []string{"a partial backup", "holds no mysql schema", "--export"}, true, 1},
		{"an xtrabackup incremental: its base prepared with --apply-log-only", func(p *profile.Profile) {
			p.Backup.Type, p.Backup.Tool = profile.BackupIncremental, "xtrabackup"
		}, nil, []string{"xtrabackup --prepare --target-dir=BASE --apply-log-only"}, true, 1},
		{"the server elsewhere: said, nothing priced", func(p *profile.Profile) {
			p.Storage.ServerElsewhere = "it reports host name db7; this machine is vm"
		}, []string{"--copy-back"}, []string{"the server is not on this machine (it reports host name db7; this machine is vm)"}, false, 2},
		{"owner unknown: no chown line", func(p *profile.Profile) { p.Backup.DatadirOwner = "" }, []string{"sync"}, nil, false, 1},
		{"a datadir of /: no chown line", func(p *profile.Profile) { p.Server.Datadir, p.Storage.Path = "/", "/" }, []string{"sync"}, nil, false, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := physicalProfile()
			tc.edit(p)
			plan := Size(p, Options{Task: TaskLoad})
			all := strings.Join(plan.Commands, "\n")
			if tc.wantNoCmds != (len(plan.Commands) == 0) {
				t.Errorf("commands %q", plan.Commands)
			}
			at := 0
			for _, w := range tc.wantCmds {
				i := strings.Index(all[at:], w)
				if i < 0 {
					t.Fatalf("commands lack %q (in order):\n%s", w, all)
				}
				at += i + len(w)
			}
			if strings.Contains(all, "chown") && (p.Backup.DatadirOwner == "" || p.Storage.Path == "/") {
				t.Errorf("chown printed: %s", all)
			}
			warns := strings.Join(plan.Warnings, "\n")
			for _, w := range tc.wantWarn {
				if !strings.Contains(warns, w) {
					t.Errorf("warnings lack %q:\n%s", w, warns)
				}
			}
			if tc.wantWarn == nil && len(plan.Warnings) > 0 {
				t.Errorf("unexpected warnings: %q", plan.Warnings)
			}
			if plan.Load.Threads != tc.wantParallel {
				t.Errorf("load threads %d, want %d", plan.Load.Threads, tc.wantParallel)
			}
		})
	}
}

// TestPhysicalEstimate: the estimate's bounds are the figures its basis
// names (the copy at the measured rate, the prepare's redo at the
// measured apply rates and its pages at the random-write rate).
func TestPhysicalEstimate(t *testing.T) {
	p := physicalProfile()
	same := true
	p.Backup.SameFilesystemAsDatadir = &same
	plan := Size(p, Options{Task: TaskLoad})
	e := plan.EstimatedLoad
	copySec := float64(1050000000-529364052) / 1e6 / 15
	redo := 529351764 / 1e6
	pages := float64(1050000000-529364052) / 16384
	wantLow := copySec + redo/PrepareRedoMBPerSHigh
	wantHigh := copySec*PhysicalCopySlack + redo/PrepareRedoMBPerSLow + pages/150
	for _, c := range []struct {
		got  time.Duration
		want float64
	}{{e.Low, wantLow}, {e.High, wantHigh}} {
		if d := c.got.Seconds() - c.want; d > 0.01 || d < -0.01 {
			t.Errorf("estimate %v, want %.2f s", c.got, c.want)
		}
	}
	for _, w := range []string{"504.8 MiB of redo at 21-38 MB/s", fmt.Sprintf("%.0f pages written once at 150 random writes/s", pages),
		"the copy: 496.5 MiB at the 15 MB/s"} {
		if !strings.Contains(e.Basis, w) {
			t.Errorf("basis lacks %q: %s", w, e.Basis)
		}
	}
	p.Backup.SameFilesystemAsDatadir = nil
	e = Size(p, Options{Task: TaskLoad}).EstimatedLoad
	if d := e.High.Seconds() - (copySec*PhysicalCopySlack + redo/PrepareRedoMBPerSLow); d > 0.01 || d < -0.01 ||
		!strings.Contains(e.Basis, "page writes on the backup's own disk not counted") {
		t.Errorf("backup elsewhere: high %v, basis %s", e.High, e.Basis)
	}
	p.Storage.Measured = false
	if got := Size(p, Options{Task: TaskLoad}).EstimatedLoad; !got.IsZero() {
		t.Errorf("unmeasured disk: estimate %v", got)
	}
}

// TestPrepareMemoryNote: the note names the memory the line gives and why:
// one batch on a slow disk, the default on a fast one.
func TestPrepareMemoryNote(t *testing.T) {
	cases := []struct {
		name string
		iops float64
		want string
	}{
		{"a card: one batch", 150, "--use-memory=1152M: the prepare applies 504.8 MiB of redo"},
		{"a fast disk: the default", 40000, "--use-memory stays at its default 100M: more memory saves the prepare page writes only where they are slow (a disk under 500 random writes/s"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := physicalProfile()
			p.Storage.RandWrite = []profile.ThreadPoint{{Threads: 1, IOPS: tc.iops}}
			notes := strings.Join(Size(p, Options{Task: TaskLoad}).Notes, "\n")
			if !strings.Contains(notes, tc.want) {
				t.Errorf("notes lack %q:\n%s", tc.want, notes)
			}
		})
	}
}

// TestCompressedRoomNote: a compressed backup whose compressed files fit
// is noted with the free space and the compressed size (the decompressed
// size is unknown before --decompress); one that does not fit is warned
// (TestPhysicalPlan), not noted.
func TestCompressedRoomNote(t *testing.T) {
	cases := []struct {
		name string
		comp string
		free uint64
		want string // "" none
	}{
		{"compressed, fits compressed", ".zst", 20 << 30, "the backup is compressed (.zst files): the copy writes their decompressed size, which only --decompress tells (du -sb on the backup after it); the datadir's filesystem has 20.0 GiB free now, 496.5 MiB compressed"},
		{"compressed, does not fit even so", ".zst", 300 << 20, ""},
		{"not compressed", "", 20 << 30, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := physicalProfile()
			p.Backup.Compressed, p.Storage.FreeBytes = tc.comp, tc.free
			notes := strings.Join(Size(p, Options{Task: TaskLoad}).Notes, "\n")
			has := strings.Contains(notes, "the backup is compressed")
			if tc.want == "" && has || tc.want != "" && !strings.Contains(notes, tc.want) {
				t.Errorf("notes (want %q):\n%s", tc.want, notes)
			}
		})
	}
}

// TestCopySeconds: the copy runs at the datadir's writes unless the
// backup's own disk, timed, reads slower; then at its reads, the high end
// both in turn.
func TestCopySeconds(t *testing.T) {
	b := &profile.PhysicalBackup{Type: profile.BackupLogApplied, TotalBytes: 300e6, ReadRate: profile.ReadRate{ReadFile: "/mnt/usb/full/ibdata1"}}
	for _, tc := range []struct {
		name        string
		read, write float64
		low, high   float64
		has         string
	}{
		{"read not timed: the writes", 0, 100, 3, 3.45, "the backup's own disk read at least as fast"},
		{"read faster: the writes", 500, 100, 3, 3.45, "reading faster (500 MB/s, timed on /mnt/usb/full/ibdata1)"},
		{"a USB disk reading 15 MB/s into a 1500 MB/s SSD", 15, 1500, 20, 23, "at the 15 MB/s its own disk read (timed on /mnt/usb/full/ibdata1)"},
		{"reads and writes alike: both in turn at the high end", 100, 120, 3, 5.5, "slower than the 120 MB/s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b.ReadMBPerS = tc.read
			low, high, why := copySeconds(b, tc.write)
			if math.Abs(low-tc.low) > 0.01 || math.Abs(high-tc.high) > 0.01 {
				t.Errorf("copy %.2f-%.2f s, want %.2f-%.2f", low, high, tc.low, tc.high)
			}
			if !strings.Contains(why, tc.has) {
				t.Errorf("why %q lacks %q", why, tc.has)
			}
		})
	}
}

// TestPrepareReadsOnItsOwnDisk: a backup on another disk whose reads were
// timed adds, at the high end, its redo and every data page once per
// recovery batch read there; untimed, nothing is added.
func TestPrepareReadsOnItsOwnDisk(t *testing.T) {
	for _, tc := range []struct {
		name      string
		read      float64
		addHigh   float64 // seconds over the redo alone
		has, hasN string
	}{
		{"reads not timed", 0, 0, "not counted", "its reads there"},
		{"a 20 MB/s disk: 88 MB of redo, 437 MB of pages, 2 batches", 20, 88/20.0 + 2*437/20.0, "its reads there at the 20 MB/s timed: the redo, and up to every data page twice", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			other := false
			p := &profile.Profile{Backup: &profile.PhysicalBackup{Type: profile.BackupFull, RedoBytes: 88e6, TotalBytes: 525e6,
				LogFileBytes: 88e6, SameFilesystemAsDatadir: &other, ReadRate: profile.ReadRate{ReadMBPerS: tc.read}}}
			low, high, why := prepareSeconds(p, 100<<20)
			if got := high - 88/PrepareRedoMBPerSLow; math.Abs(got-tc.addHigh) > 0.01 || math.Abs(low-88/PrepareRedoMBPerSHigh) > 0.01 {
				t.Errorf("low %.2f, high %.2f over the redo's: want +%.2f", low, got, tc.addHigh)
			}
			if !strings.Contains(why, tc.has) || (tc.hasN != "" && strings.Contains(why, tc.hasN)) {
				t.Errorf("why %q: want %q, not %q", why, tc.has, tc.hasN)
			}
		})
	}
}

// TestReadFloor: a load's estimate is held to at least the time the
// dump's own disk takes to read its files, when that was timed and is
// slower than the load.
func TestReadFloor(t *testing.T) {
	base := DurationRange{Low: 5 * time.Second, High: 12 * time.Second, Basis: "model"}
	for _, tc := range []struct {
		name      string
		read      float64
		low, high time.Duration
		has       string
	}{
		{"not timed", 0, 5 * time.Second, 12 * time.Second, "model"},
		{"a fast disk: the load decides", 500, 5 * time.Second, 12 * time.Second, "model"},
		{"a 5 MB/s stick: 152 MB take 30.4 s, ÷ or x1.15", 5, 26430 * time.Millisecond, 34960 * time.Millisecond,
			"at least 30.4s to read its 145.0 MiB of files from their own disk at the 5.0 MB/s timed on /media/usb/d/t.sql (÷ or x1.15"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &profile.Dump{FileBytes: 152e6, ReadRate: profile.ReadRate{ReadMBPerS: tc.read, ReadFile: "/media/usb/d/t.sql"}}
			got := readFloor(d, base)
			if got.Low != tc.low || got.High != tc.high || !strings.Contains(got.Basis, tc.has) {
				t.Errorf("got %s-%s %q, want %s-%s with %q", got.Low, got.High, got.Basis, tc.low, tc.high, tc.has)
			}
		})
	}
}
