package probe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/profile"
)

func TestCheckDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	loopA, loopB := filepath.Join(dir, "loop-a"), filepath.Join(dir, "loop-b")
	if os.Symlink(loopB, loopA) != nil || os.Symlink(loopA, loopB) != nil {
		t.Fatal("making a symlink loop")
	}
	cases := []struct {
		name, in, wantSub string
		wantPath          string
	}{
		{"empty", "", "--datadir is required", ""},
		{"missing", filepath.Join(dir, "nope"), "does not exist", ""},
		{"file", file, "not a directory", ""},
		{"dir", dir, "", dir},
		{"symlink resolved", link, "", dir},
		// QA: "cannot read …: too many levels of symbolic links" said nothing to do
		{"symlink loop: says so and what to give", loopA, "its symbolic links loop", ""},
		{"under a symlink loop", filepath.Join(loopA, "data"), "give the real directory", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := checkDir(c.in)
			if c.wantSub == "" {
				if err != nil || got != c.wantPath {
					t.Fatalf("checkDir(%q) = %q, %v; want %q", c.in, got, err, c.wantPath)
				}
				return
			}
			if !usage.Is(err) || !strings.Contains(err.Error(), c.wantSub) {
				t.Fatalf("checkDir(%q) error %v, want a usage error with %q", c.in, err, c.wantSub)
			}
		})
	}
}

func TestLiveDatadirNote(t *testing.T) {
	dir := t.TempDir()
	if note := liveDatadirNote(dir, 10*time.Second); note != "" {
		t.Errorf("empty dir got note %q", note)
	}
	if err := os.WriteFile(filepath.Join(dir, "ibdata1"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if note := liveDatadirNote(dir, 10*time.Second); !strings.Contains(note, "ibdata1") {
		t.Errorf("datadir note = %q", note)
	}
}

func TestFillMeasurements(t *testing.T) {
	r := diskio.Result{
		DirectIO: true, FileBytes: 64 << 20, BytesWritten: 100 << 20, Elapsed: 2500 * time.Millisecond,
		SeqWrite:  diskio.Throughput{Bytes: 150e6, Ops: 143, Elapsed: time.Second},
		SeqRead:   diskio.Throughput{Bytes: 1e9, Elapsed: time.Second, Slices: []float64{100e6, 200e6, 200e6, 400e6}},
		Sync:      diskio.LatencyStats{Ops: 1000, Elapsed: time.Second, P50: 170 * time.Microsecond, P99: 5 * time.Millisecond, Max: 30 * time.Millisecond},
		Fdatasync: diskio.LatencyStats{SliceP50: []time.Duration{100 * time.Microsecond, 110 * time.Microsecond, 150 * time.Microsecond}},
		RandWrite: []diskio.Scaling{{Threads: 1, Ops: 9000, Elapsed: time.Second, P50: 90 * time.Microsecond, P99: 400 * time.Microsecond},
			{Threads: 2, Ops: 99, Elapsed: time.Second, SliceIOPS: []float64{1000, 2000, 3000, 4000, 50000}}},
		MaxBytes: 3954 << 20, Rounds: 5,
		Notes: []string{"a note"},
	}
	var st profile.Storage
	fillMeasurements(&st, r)
	checks := []struct {
		name      string
		got, want float64
	}{
		{"seq write MB/s", st.SeqWrite.MBPerS, 150},
		{"fsync p50 us", st.Fsync.P50US, 170},
		{"fsync p99 us", st.Fsync.P99US, 5000},
		{"fsync ops/s", st.Fsync.OpsPerS, 1000},
		{"rand write iops", st.RandWrite[0].IOPS, 9000},
		{"rand write MB/s", st.RandWrite[0].MBPerS, 147.5},
		{"duration s", st.DurationS, 2.5},
		{"seq read MB/s: the slices' harmonic mean, 4 / (1/100 + 2/200 + 1/400)", st.SeqRead.MBPerS, 177.8},
		{"seq read p25", st.SeqRead.Spread.P25, 175},
		{"seq read p75", st.SeqRead.Spread.P75, 250},
		{"fdatasync p50 spread p25 us", st.Fsync.FdatasyncP50Spread.P25, 105},
		{"rand write iops at 2: the median slice, not ops/elapsed", st.RandWrite[1].IOPS, 3000},
		{"rand write iops p75 at 2", st.RandWrite[1].IOPSSpread.P75, 4000},
		{"budget kept", float64(st.MaxBytes), 3954 << 20},
		{"rounds", float64(st.Rounds), 5},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if st.SeqWrite.Spread != nil || st.RandWrite[0].IOPSSpread != nil {
		t.Errorf("a figure without slices got a spread: %+v %+v", st.SeqWrite.Spread, st.RandWrite[0].IOPSSpread)
	}
	if !st.Measured || !st.DirectIO || len(st.Notes) != 1 {
		t.Errorf("flags/notes not copied: %+v", st)
	}
}

// TestRunUnmeasured runs the whole probe without measuring on this machine:
// host and storage facts present, the class from labels, a gap saying so.
func TestRunUnmeasured(t *testing.T) {
	p, err := Run(context.Background(), Options{Datadir: t.TempDir(), Roots: DefaultRoots, ToolVersion: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Schema != profile.Schema || p.Host.CPU.Logical < 1 || p.Storage.MountPoint == "" || p.Storage.Class == "" {
		t.Errorf("incomplete profile: %+v", p)
	}
	found := false
	for _, g := range p.Gaps {
		found = found || g.Probe == "storage.measure"
	}
	if !found {
		t.Errorf("no storage.measure gap in %+v", p.Gaps)
	}
}

// TestRunNoMeasureNoCompetitionNote: a probe that measures nothing does
// not say its measurements competed with a server in the datadir.
func TestRunNoMeasureNoCompetitionNote(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ibdata1"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := Run(context.Background(), Options{Datadir: dir, Duration: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range p.Storage.Notes {
		if strings.Contains(n, "competed") {
			t.Errorf("--no-measure note %q", n)
		}
	}
}

// TestMeasureTooSmallFilesystem: a filesystem smaller than the free space
// the probe needs is not told to free space, which cannot help (QA: "free
// at least 320 MiB" on a 272 MiB filesystem), and its size is said as it
// is (an 8 KiB tmpfs read "0 MiB", review r18); a larger one is told to.
func TestMeasureTooSmallFilesystem(t *testing.T) {
	cases := []struct {
		name              string
		freeKiB, totalKiB uint64
		want, wantNot     string
	}{
		{"272 MiB filesystem: --no-measure", 200 << 10, 272 << 10, "holds only 272.0 MiB in all", "free at least"},
		{"8 KiB tmpfs: its size, not '0 MiB' (review r18)", 4, 8, "holds only 8.0 KiB in all", "free at least"},
		{"large filesystem, full: free space or --no-measure", 200 << 10, 10240 << 10, "free at least 320 MiB, or give --no-measure", "in all"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			st := &profile.Storage{Path: dir, FreeBytes: c.freeKiB << 10, TotalBytes: c.totalKiB << 10}
			err := measure(t.Context(), Options{Roots: DefaultRoots}, st, profile.Memory{})
			if !usage.Is(err) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.wantNot) {
				t.Fatalf("error %v, want a usage error saying %q and not %q", err, c.want, c.wantNot)
			}
			if l, _ := os.ReadDir(dir); len(l) != 0 {
				t.Errorf("measure left %d files", len(l))
			}
		})
	}
}

// TestMeasureVirtualFilesystem: a datadir on a kernel virtual filesystem
// (QA: `--datadir /proc`, told "0 MiB free, free at least 320 MiB") is
// told it is not a disk; tmpfs, which can hold a database, is measured.
func TestMeasureVirtualFilesystem(t *testing.T) {
	cases := []struct {
		name, fstype string
		want         string
	}{
		{"proc", "proc", "proc, a kernel virtual filesystem, not a disk"},
		{"sysfs", "sysfs", "sysfs, a kernel virtual filesystem"},
		{"cgroup2", "cgroup2", "cgroup2, a kernel virtual filesystem"},
		{"tmpfs is a place for data: the space check speaks", "tmpfs", "free at least"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			st := &profile.Storage{Path: dir, FSType: c.fstype, FreeBytes: 0, TotalBytes: 10 << 30}
			err := measure(t.Context(), Options{Roots: DefaultRoots}, st, profile.Memory{})
			if !usage.Is(err) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want a usage error saying %q", err, c.want)
			}
		})
	}
}
