package threads

import (
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

// TestRedoLimits: the checkpoint limits per flavor and version. The
// MariaDB 10.11 rows are Innodb_checkpoint_max_age as MariaDB 10.11.19
// reported it for each innodb_log_file_size (scripts/measure-redo-per-byte.sh,
// docs/benchmarks/redo-per-byte.md); the others are the cited formulas
// worked by hand (python, outside this code) for the default redo logs.
// The 4K and 64K rows are the same status on MariaDB 10.11.19 servers made
// with those pages (review r48: before, the 16K figure was used for them).
func TestRedoLimits(t *testing.T) {
	mdb := func(v string) profile.Target { return profile.Target{Flavor: profile.FlavorMariaDB, Version: v} }
	my := func(v string) profile.Target { return profile.Target{Flavor: profile.FlavorMySQL, Version: v} }
	tests := []struct {
		name              string
		t                 profile.Target
		capacity          uint64
		wantLimit, wantAs uint64
		page              uint64
	}{
		{"MariaDB 10.11, 96M, 4K pages (measured 81350370)", mdb("10.11.19-MariaDB"), 96 << 20, 81350370, 71181574, 4 << 10},
		{"MariaDB 10.11, 96M, 8K pages (measured 81173423, review r51)", mdb("10.11.19-MariaDB"), 96 << 20, 81173423, 71026746, 8 << 10},
		{"MariaDB 10.11, 96M, 64K pages (measured 78696162)", mdb("10.11.19-MariaDB"), 96 << 20, 78696162, 68859142, 64 << 10},
		{"MariaDB 10.11, 96M (measured 80819529)", mdb("10.11.19-MariaDB"), 96 << 20, 80819529, 70717088, 0},
		{"MariaDB 10.11, 128M (measured 107998618)", mdb("10.11.19-MariaDB"), 128 << 20, 107998618, 94498791, 0},
		{"MariaDB 10.11, 256M (measured 216714978)", mdb("10.11.19-MariaDB"), 256 << 20, 216714978, 189625606, 0},
		{"MariaDB 10.11, 512M (measured 434147697)", mdb("10.11.19-MariaDB"), 512 << 20, 434147697, 379879235, 0},
		{"MariaDB 10.11, 1G (measured 869013136)", mdb("10.11.19-MariaDB"), 1 << 30, 869013136, 760386494, 0},
		{"MariaDB 10.6, 96M: a 2 KiB header", mdb("10.6.18-MariaDB"), 96 << 20, 80827823, 70724346, 0},
		{"MariaDB 10.4, 2 × 48M", mdb("10.4.34-MariaDB"), 96 << 20, 80826164, 70722894, 0},
		{"MySQL 5.7, 2 × 48M", my("5.7.44"), 96 << 20, 80826164, 70722894, 0},
		{"MySQL 8.0.20, 2 × 48M", my("8.0.20"), 96 << 20, 80747520, 69989888, 0},
		{"MySQL 8.0.30, innodb_redo_log_capacity 100M", my("8.0.30"), 100 << 20, 92892672, 81281024, 0},
		{"MySQL 8.4, 1G", my("8.4.3"), 1 << 30, 952928256, 833811968, 0},
		{"version unknown: nothing", profile.Target{Flavor: profile.FlavorMariaDB}, 96 << 20, 0, 0, 0},
		{"capacity unknown: nothing", mdb("10.11.19-MariaDB"), 0, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := redoLimitsOf(tc.t, tc.capacity, tc.page)
			if got.LimitBytes != tc.wantLimit || got.AsyncBytes != tc.wantAs {
				t.Errorf("limit %d async %d, want %d and %d (%s)", got.LimitBytes, got.AsyncBytes, tc.wantLimit, tc.wantAs, got.Basis)
			}
		})
	}
}

// TestRedoLimitsOnMariaDB: the formula against a real server's
// Innodb_checkpoint_max_age, at its default log and after an online resize.
func TestRedoLimitsOnMariaDB(t *testing.T) {
	s := testmariadb.Start(t)
	db, err := s.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version string
	if err := db.QueryRow("SELECT VERSION()").Scan(&version); err != nil {
		t.Fatal(err)
	}
	for _, size := range []uint64{0, 256 << 20} {
		if size > 0 {
			if _, err := db.Exec("SET GLOBAL innodb_log_file_size = " + strconv.FormatUint(size, 10)); err != nil {
				t.Skipf("no online resize on %s: %v", version, err)
			}
		}
		var capacity, page uint64
		var name, age string
		if err := db.QueryRow("SELECT @@innodb_log_file_size, @@innodb_page_size").Scan(&capacity, &page); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow("SHOW GLOBAL STATUS LIKE 'Innodb_checkpoint_max_age'").Scan(&name, &age); err != nil {
			t.Fatal(err)
		}
		got := redoLimitsOf(profile.Target{Flavor: profile.FlavorMariaDB, Version: version}, capacity, page)
		if strconv.FormatUint(got.LimitBytes, 10) != age {
			t.Errorf("%s, innodb_log_file_size %d: Innodb_checkpoint_max_age %s, the formula says %d (%s)", version, capacity, age, got.LimitBytes, got.Basis)
		}
	}
}

// TestCapacityFor: the smallest log (128 MiB steps) whose async point holds the redo.
func TestCapacityFor(t *testing.T) {
	mdb := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19-MariaDB"}
	tests := []struct {
		name string
		t    profile.Target
		redo float64
		want uint64
	}{
		{"152 MB dump's 205 MB of redo: 384M (async 271.6 MiB)", mdb, 205e6, 384 << 20},
		{"a little under 128M's async point: 128M", mdb, 94e6, 128 << 20},
		{"just over it: 256M", mdb, 95e6, 256 << 20},
		{"target unknown: 0", profile.Target{}, 205e6, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := capacityFor(tc.t, tc.redo, 0); got != tc.want {
				t.Errorf("capacityFor(%.0f) = %d, want %d", tc.redo, got, tc.want)
			}
		})
	}
}

// TestRatioOf: the measured SQL range, TSV scaled, or the target's own.
func TestRatioOf(t *testing.T) {
	cal := cardCalibration()
	cal.RedoBytesPerDumpByte = 2.5
	otherFormat := cardCalibration()
	otherFormat.RedoBytesPerDumpByte, otherFormat.Dump.Format = 2.5, "mysqlsh"
	tests := []struct {
		name      string
		p         *profile.Profile
		cal       *Calibration
		low, high float64
	}{
		{"mydumper SQL: 1.16-1.29", cardProfile("db1"), nil, RedoPerSQLByteNoIndex, RedoPerSQLByteIndexed},
		{"mysqlsh TSV: over 0.965", withFormat(cardProfile("db1"), "mysqlsh"), nil, 1.16 / 0.965, 1.29 / 0.965},
		{"calibrated on the target: its ratio", cardProfile("db1"), cal, 2.5, 2.5},
		{"calibrated on another server: not used", cardProfile("db2"), cal, RedoPerSQLByteNoIndex, RedoPerSQLByteIndexed},
		{"calibrated with another format: not used", cardProfile("db1"), otherFormat, RedoPerSQLByteNoIndex, RedoPerSQLByteIndexed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := ratioOf(tc.p, tc.cal)
			if r.low != tc.low || r.high != tc.high {
				t.Errorf("ratio %.3f-%.3f, want %.3f-%.3f (%s)", r.low, r.high, tc.low, tc.high, r.from)
			}
		})
	}
}

func withFormat(p *profile.Profile, f string) *profile.Profile { p.Dump.Format = f; return p }

// TestRedoStallEstimate: with the data in the pool and the default 96M log,
// the 152 MB dump's redo passes the async point; on the card bed (100
// write IOPS, 20 MB/s) that restore took 104.8 s at 16 threads, against
// 18.0 s with a 4352M log (docs/benchmarks/during-load-settings.md). The
// estimate's range must contain the slow mode, and without the redo room
// (target unknown) it did not.
func TestRedoStallEstimate(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 159121906, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	p := prof(2, 0, curve(1, 100, 2, 100, 4, 100, 8, 100, 16, 100), d)
	p.Storage.SeqWrite.MBPerS = 20
	mdb := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19-MariaDB"}
	tests := []struct {
		name     string
		redo     uint64
		t        profile.Target
		measured float64
		contains bool
		has      string
	}{
		{"96M log, MariaDB 10.11: the stall is in the range", 96 << 20, mdb, 104.8, true, "past the 96.0 MiB redo log's async flush point (67.4 MiB)"},
		{"96M log, target unknown: the old estimate misses it", 96 << 20, profile.Target{}, 104.8, false, "checkpoints a 96.0 MiB redo log forces"},
		{"4352M log, MariaDB 10.11: holds", 4352 << 20, mdb, 18.0, true, "no checkpoint flushing (it holds the load's redo"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := pool{bytes: 16 << 30, from: "server", redo: tc.redo}
			b.room = roomOf(d, ratioOf(p, nil), tc.t, tc.redo, 0)
			e := estimateLoad(p, 16, 2, b)
			in := e.Low.Seconds() <= tc.measured && tc.measured <= e.High.Seconds()
			t.Logf("%.1f-%.1f s against %.1f s measured", e.Low.Seconds(), e.High.Seconds(), tc.measured)
			if in != tc.contains {
				t.Errorf("range %v-%v contains %.1f s: %v, want %v\n%s", e.Low, e.High, tc.measured, in, tc.contains, e.Basis)
			}
			if !strings.Contains(e.Basis, tc.has) {
				t.Errorf("basis lacks %q:\n%s", tc.has, e.Basis)
			}
		})
	}
}

// TestRedoRoomPlan: the plan's notes and settings when the redo log
// cannot hold the load (issue 19: a fuller card), when growing it does,
// and when a calibration measured more redo per byte than the SQL range.
func TestRedoRoomPlan(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/backup/shop", FileBytes: 152e6, TotalBytes: 152e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 24}
	heavy := cardCalibration()
	heavy.RedoBytesPerDumpByte = 3
	tests := []struct {
		name      string
		version   string
		redo      string
		freeGiB   uint64
		cal       *Calibration
		apply     string
		notesHave []string
		notesLack []string
	}{
		{"1 GiB free, 96M log: cannot hold, says what to free", "10.11.19-MariaDB", "100663296", 1, nil, "",
			[]string{"the redo log cannot hold the load: it writes 168.2 MiB to 187.0 MiB of redo", "checkpoint limit of 77.1 MiB (async flushing from 67.4 MiB",
				"after about 52.3 MiB of dump", "free 946.9 MiB more on the datadir's disk for a 384.0 MiB redo log", "fewer sessions or a smaller buffer pool do not shrink it"}, nil},
		{"6 GiB free: grown to the data's 512M, which holds it", "10.11.19-MariaDB", "100663296", 6, nil, "SET GLOBAL innodb_log_file_size = 536870912;",
			nil, []string{"cannot hold the load"}},
		{"MariaDB 10.6 (restart only), 96M log: the size that would hold it", "10.6.18-MariaDB", "100663296", 6, nil, "",
			[]string{"innodb_log_file_size = 384M (set before the load, with a restart) would hold the load's 168.2 MiB to 187.0 MiB of redo", "the redo log cannot hold the load"}, nil},
		{"512M log, a calibration measured 3 bytes of redo per byte: grown to 640M", "10.11.19-MariaDB", "536870912", 6, heavy, "SET GLOBAL innodb_log_file_size = 671088640;",
			nil, []string{"cannot hold the load"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, cardCurve, d)
			p.Storage.FreeBytes = tc.freeGiB << 30
			p.Server = server("mariadb", tc.version, map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": tc.redo, "hostname": "db1", "port": "3306"})
			p.Server.Datadir = "/var/lib/mysql"
			plan := Size(p, Options{Task: TaskLoad, Calibration: tc.cal})
			apply := ""
			for _, s := range plan.Temporary {
				if strings.Contains(s.Apply, "innodb_log_file_size") {
					apply = s.Apply
				}
			}
			if apply != tc.apply {
				t.Errorf("redo growth %q, want %q; notes %q", apply, tc.apply, plan.Notes)
			}
			notes := strings.Join(plan.Notes, "|")
			for _, h := range tc.notesHave {
				if !strings.Contains(notes, h) {
					t.Errorf("notes lack %q:\n%s", h, notes)
				}
			}
			for _, h := range tc.notesLack {
				if strings.Contains(notes, h) {
					t.Errorf("notes have %q:\n%s", h, notes)
				}
			}
		})
	}
}
