package threads

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

var (
	fastCurve  = curve(1, 13357, 2, 27703, 4, 34141, 8, 37804, 16, 40037) // virtio disk, measured here
	nvmeCurve  = curve(1, 10000, 2, 20000, 4, 38000, 8, 70000, 16, 75000)
	sdCurve    = curve(1, 150, 2, 151, 4, 149, 8, 152, 16, 150)
	cardCurve  = curve(1, 120, 2, 101, 4, 102, 8, 109, 16, 98) // the card bed of scripts/bench-restore.sh (100 write IOPS)
	fallCurve  = curve(1, 900, 2, 1500, 4, 1100, 8, 700, 16, 500)
	manyTables = &profile.Dump{Format: "mydumper", Path: "/backup/many", TotalBytes: 200 << 20, Tables: 200, Chunks: 200,
		LargestTable: "app.t1", LargestTableBytes: 2 << 20, Compression: "gzip"}
	oneHugeTable = &profile.Dump{Format: "mydumper", Path: "/backup/huge", TotalBytes: 10 << 30, Tables: 3, Chunks: 3,
		LargestTable: "app.events", LargestTableBytes: 9 << 30, Compression: "gzip"}
)

// prof builds a profile with cores, an optional quota, a write curve and a dump.
func prof(cores int, quota float64, write []profile.ThreadPoint, d *profile.Dump) *profile.Profile {
	p := &profile.Profile{Dump: d}
	p.Host.CPU.Logical, p.Host.CPU.QuotaCores = cores, quota
	p.Storage.RandWrite, p.Storage.RandRead = write, write
	p.Storage.SeqWrite.MBPerS = 1500
	p.Storage.Fsync.P50US = 150
	return p
}

func TestSizeThreads(t *testing.T) {
	tests := []struct {
		name                 string
		p                    *profile.Profile
		dump, load, copy     int
		loadWhyHas, dumpWhyH string
	}{
		{"2 cores, fast disk: 4 threads per core", prof(2, 0, fastCurve, nil), 4, 8, 4, "2 cores; no dump was read, so whether its data fits the buffer pool is unknown, so 4 load threads per core", "2 cores"},
		{"2 cores, slow disk: the disk sets the pace, 4", prof(2, 0, sdCurve, nil), 1, 4, 1, "below the 25 MB/s 8 sessions parse and insert on a quiet host: the disk sets the pace, so capped at 4 threads", "2 cores"},
		{"16 cores, NVMe that scales to 8", prof(16, 0, nvmeCurve, nil), 8, 8, 8, "stop scaling at 8", "stop scaling at 8"},
		{"16 cores, saturating disk: capped at 8, not the knee's 4", prof(16, 0, fastCurve, nil), 4, 8, 4, "stop scaling at 4 threads (34.1k → 37.8k from 4 to 8; best 40.0k at 16): capped at 8", "16 cores"},
		{"cgroup quota 1.5 of 16 cores", prof(16, 1.5, nvmeCurve, nil), 4, 8, 4, "cgroup CPU quota of 1.5 cores (of 16)", "quota"},
		{"flat SD card curve, 4 cores: the disk sets the pace, 4, not the knee's 1", prof(4, 0, sdCurve, nil), 1, 4, 1, "(150 random 16K writes/s ÷ 0.9), below the 41 MB/s 16 sessions parse", "flat"},
		{"IOPS-limited card bed, 2 cores (restore-matrix.md): 4", prof(2, 0, cardCurve, nil), 1, 4, 1, "peak at 1 threads (120) and fall with more (98 at 16): the disk is saturated, but a restore still gains", "peak at 1"},
		{"IOPS-limited card, 16 cores: 4", prof(16, 0, cardCurve, nil), 1, 4, 1, "the disk sets the pace, so capped at 4 threads", "peak at 1"},
		{"falling curve, 8 cores: the disk sets the pace, 4", prof(8, 0, fallCurve, nil), 2, 4, 2, "(500 random 16K writes/s ÷ 0.9), below the 66 MB/s", "peak at 2"},
		{"no curve: cores only", prof(4, 0, nil, nil), 8, 16, 8, "sized by cores only", "4 cores"},
		{"cores unknown", prof(0, 0, nvmeCurve, nil), 2, 4, 2, "core count unknown", "unknown"},
		{"many small tables on 16 cores", prof(16, 0, nvmeCurve, manyTables), 16, 8, 8, "200 tables in 200 chunks", "200 chunks"},
		{"one huge table: 3 files to load", prof(16, 0, nvmeCurve, oneHugeTable), 3, 3, 3, "app.events holds 90% of the dump", "3 chunks"},
		{"mysqldump file loads on one session", prof(16, 0, nvmeCurve, &profile.Dump{Format: "mysqldump", Path: "/b/all.sql", TotalBytes: 1 << 30, Tables: 40, Chunks: 1}),
			1, 1, 1, "one session", "1 chunk →"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan := Size(tc.p, Options{})
			got := [3]int{plan.Dump.Threads, plan.Load.Threads, plan.Copy.Threads}
			if want := [3]int{tc.dump, tc.load, tc.copy}; got != want {
				t.Errorf("dump/load/copy = %v, want %v\nload why: %s\ndump why: %s", got, want, plan.Load.Why, plan.Dump.Why)
			}
			if !strings.Contains(plan.Load.Why, tc.loadWhyHas) {
				t.Errorf("load why %q lacks %q", plan.Load.Why, tc.loadWhyHas)
			}
			if !strings.Contains(plan.Dump.Why, tc.dumpWhyH) {
				t.Errorf("dump why %q lacks %q", plan.Dump.Why, tc.dumpWhyH)
			}
		})
	}
}

func TestSizeNilProfile(t *testing.T) {
	plan := Size(nil, Options{})
	if plan.Load.Threads != 4 || plan.Dump.Threads != 2 {
		t.Errorf("nil profile: load %d dump %d, want 4 and 2", plan.Load.Threads, plan.Dump.Threads)
	}
}

func TestSizeSlowCommitNamed(t *testing.T) {
	p := prof(2, 0, sdCurve, nil)
	p.Storage.Fsync.P50US = 1200
	if why := Size(p, Options{}).Load.Why; !strings.Contains(why, "1.2 ms at p50, slow") {
		t.Errorf("load why %q does not name the slow commit", why)
	}
}

// The data that fits the pool the load runs with (here the server's 1G)
// gets 8 load threads per core, capped at 8 on a disk whose random writes
// peak below SlowDiskWriteIOPS; the data that outgrows it (32M) 4 per core,
// but DiskBoundLoadThreads where the disk, not the CPUs, sets the pace:
// in the quiet restore matrix (docs/benchmarks/restore-matrix.md) 16 threads on 2 cores were
// best or within 4% in the fast and bw beds' fit cells, 8 within 7% in the
// card and hdd ones, 8 within 2% in the fast 128M cells and 4 within 10%
// in the slow beds' 32M cells. myloader threads into
// MariaDB lost runs to deadlocks at 2-8 threads, and the note states the
// rate measured at the count.
func TestSizeLoadDataFitsPool(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 40e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	for _, tc := range []struct {
		name  string
		pool  string
		curve []profile.ThreadPoint
		want  int
		why   string
	}{
		{"fits, fast disk", "1G", fastCurve, 16, "fits the server 1.0 GiB buffer pool, so 8 load threads per core"},
		{"fits, 100-IOPS card: capped", "1G", cardCurve, 8, "random 16K writes peak at 120 IOPS, below 500 (an SD card's or a spinning disk's): capped at 8"},
		{"outgrows, card: the disk sets the pace", "32M", cardCurve, 4, "the disk sets the pace, so capped at 4 threads"},
		{"outgrows, fast disk", "32M", fastCurve, 8, "outgrows the server 32.0 MiB buffer pool, so 4 load threads per core"},
	} {
		p := prof(2, 0, tc.curve, d)
		p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": tc.pool})
		plan := Size(p, Options{Task: TaskLoad})
		if got := plan.Load; got.Threads != tc.want || !strings.Contains(got.Why, tc.why) {
			t.Errorf("%s: %d threads (%s), want %d and %q", tc.name, got.Threads, got.Why, tc.want, tc.why)
		}
		note := deadlockNote(tc.want)
		if r := DeadlockRuns[tc.want]; r.Lost > 0 && !strings.Contains(note, fmt.Sprintf("lost %d of %d runs at %d threads", r.Lost, r.Runs, tc.want)) {
			t.Errorf("deadlock note %q does not state the measured %d of %d", note, r.Lost, r.Runs)
		}
		if has := slices.Contains(plan.Notes, note); has != (note != "") {
			t.Errorf("%s: deadlock note present = %v, want %v", tc.name, has, note != "")
		}
	}
}

// TestSizeLoadSchemaOnly: a dump of schema files only (no data chunks)
// gets one load session, with why; a dump with data keeps its count.
func TestSizeLoadSchemaOnly(t *testing.T) {
	for _, tc := range []struct {
		name   string
		chunks int
		want   int
		why    string
	}{
		{"schema only", 0, 1, "holds no table data (schema files only)"},
		{"with data", 24, 16, "the dump has 8 tables in 24 chunks"},
	} {
		d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 40e3, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: tc.chunks}
		p := prof(2, 0, fastCurve, d)
		p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "1G"})
		if got := Size(p, Options{Task: TaskLoad}).Load; got.Threads != tc.want || !strings.Contains(got.Why, tc.why) {
			t.Errorf("%s: %d threads (%s), want %d and %q", tc.name, got.Threads, got.Why, tc.want, tc.why)
		}
	}
}
