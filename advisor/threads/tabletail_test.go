package threads

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// tailDump is a mydumper dump of 100 MB of SQL whose largest table holds
// 80 MB in bigFiles files, beside others files of the other tables.
func tailDump(bigFiles, others int) *profile.Dump {
	return &profile.Dump{Format: "mydumper", TotalBytes: 100e6, DataBytes: 100e6, TotalBytesBasis: profile.DumpBytesUncompressed,
		Tables: 21, Chunks: bigFiles + others, TopTables: []profile.DumpTable{{Name: "s.big", Bytes: 80e6, Chunks: bigFiles}}}
}

// TestTableTail: the largest table's own time on the sessions its files
// allow, on a quiet host (Load1 0: the shares are QuietSpreadShare 0.65 and
// QuietFastShare 1.5) at the reference CPU speed.
func TestTableTail(t *testing.T) {
	tests := []struct {
		name       string
		d          *profile.Dump
		threads    int
		lo, hi     float64
		fast, slow float64 // seconds; 0, 0: no tail beyond the parallel estimate
		text       string
	}{
		// one session: 12.5 MB/s (under the 2-core cap 25.18 × (1/8)^0.09 = 20.88); 80 / (12.5 × 1.5) = 4.27 s,
		// 80 / (12.5 × 0.65) = 9.85 s, after 5 of the other 20 files (20 − 15 still loading beside it):
		// 0.25 × 20 MB at 25.18 × (21/8)^0.09 = 27.47 MB/s × 0.65 = 0.28 s; 10.13 s
		{name: "one file among 20 others", d: tailDump(1, 20), threads: 16, lo: 100e6, hi: 100e6, fast: 4.267, slow: 10.126,
			text: "the largest table, s.big (76.3 MiB of SQL in 1 file), loads on at most 1 session (a session reads one file at a time): 4.3–10.1 s at 8.1–19 MB/s (its files may be read last, once 5 of the other 20 have loaded at 18 MB/s)"},
		// 4 sessions: min(4 × 12.5, 20.88) = 20.88 MB/s: 80 / (20.88 × 1.5) = 2.55 s, 5.89 + 0.28 = 6.17 s
		{name: "four files among 20 others", d: tailDump(4, 20), threads: 16, lo: 100e6, hi: 100e6, fast: 2.554, slow: 6.174,
			text: "in 4 files), loads on at most 4 sessions"},
		// 9 other files: every file starts at once, the table alone at the slow share
		{name: "every file starts at once", d: tailDump(1, 9), threads: 16, lo: 100e6, hi: 100e6, fast: 4.267, slow: 9.846,
			text: "(every file starts at once)"},
		// a gzip dump sized on disk: 3-5x the bytes; 240 / 18.75 = 12.8 s; 400 / 8.125 = 49.23 + 0.25 × 100 / 17.85 = 1.40: 50.63 s
		{name: "compressed, sized on disk", d: tailDump(1, 20), threads: 16, lo: 300e6, hi: 500e6, fast: 12.8, slow: 50.63,
			text: "(228.9 MiB to 381.5 MiB of SQL in 1 file)"},
		{name: "the table spreads over every session", d: tailDump(16, 20), threads: 16, lo: 100e6, hi: 100e6},
		{name: "a one-session restore", d: tailDump(1, 20), threads: 1, lo: 100e6, hi: 100e6},
		{name: "tables not listed", d: &profile.Dump{Format: "mydumper", TotalBytes: 100e6, Tables: 21, Chunks: 21}, threads: 16, lo: 100e6, hi: 100e6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, tc.d)
			p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 0}}
			fast, slow, text := tableTail(p, tc.threads, 2, tc.lo, tc.hi)
			if math.Abs(fast-tc.fast) > 0.01 || math.Abs(slow-tc.slow) > 0.01 {
				t.Errorf("tail = %.3f–%.3f s, want %.3f–%.3f (%s)", fast, slow, tc.fast, tc.slow, text)
			}
			if !strings.Contains(text, tc.text) || (tc.slow == 0) != (text == "") {
				t.Errorf("text %q, want it to hold %q", text, tc.text)
			}
		})
	}
}

// TestEstimateTableTail: a restore whose largest table is one file ends no
// sooner than that file loads on one session: the fast end is raised to it
// and the basis says so; a dump chunked for every session is unchanged.
// Measured 2026-12-04 (this machine's disk, a 1G pool and redo log, myloader
// 0.10 at 16 and 4 threads, 3 reps each on a host other jobs kept at PSI cpu
// 19-80%): 80.3 MB of sysbench rows in one file beside 20 tables of 10,000
// rows took 4.8-11.9 s; the parallel figure alone said 3.2-6.2 s.
func TestEstimateTableTail(t *testing.T) {
	p := prof(2, 0, fastCurve, tailDump(1, 20))
	p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 0}}
	got := estimateLoad(p, 16, 2, pool{})
	if got.Low.Seconds() < 4.2 || got.High.Seconds() < 10.1 || !strings.Contains(got.Basis, "the largest table, s.big") {
		t.Errorf("one-file table: estimate %v–%v, want at least 4.2–10.1 s (%s)", got.Low, got.High, got.Basis)
	}
	p.Dump = tailDump(16, 20)
	got = estimateLoad(p, 16, 2, pool{})
	if got.Low.Seconds() > 5 || strings.Contains(got.Basis, "the largest table") {
		t.Errorf("chunked table: estimate %v–%v, want the parallel figure (%s)", got.Low, got.High, got.Basis)
	}
}

// TestCalibratedTail: a calibration's rate at the restore's threads
// spreads every table over its sessions; the largest table of one file is
// held to the rate it measured with one session.
func TestCalibratedTail(t *testing.T) {
	cal := &Calibration{Points: []CalibrationPoint{{Threads: 1, MBPerS: 12, MBPerSMin: 10, MBPerSMax: 14}, {Threads: 16, MBPerS: 40, MBPerSMin: 36, MBPerSMax: 44}}}
	tests := []struct {
		name       string
		d          *tailDumpArgs
		fast, slow float64
		text       string
	}{
		// 80 MB at 14 and 10 MB/s
		{name: "one file: held to the 1-session rate", d: &tailDumpArgs{1, 20}, fast: 5.714, slow: 8.0,
			text: "loads on at most 1 session: 5.7–8.0 s at the 10.0–14.0 MB/s the calibration measured with 1 session"},
		{name: "four files: no point at 4 sessions", d: &tailDumpArgs{4, 20}},
		{name: "sixteen files: every session", d: &tailDumpArgs{16, 20}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fast, slow, text := calibratedTail(tailDump(tc.d.big, tc.d.others), cal, 16, 100e6, 100e6)
			if math.Abs(fast-tc.fast) > 0.01 || math.Abs(slow-tc.slow) > 0.01 || !strings.Contains(text, tc.text) {
				t.Errorf("tail = %.3f–%.3f s %q, want %.3f–%.3f with %q", fast, slow, text, tc.fast, tc.slow, tc.text)
			}
		})
	}
}

// tailDumpArgs are tailDump's file counts.
type tailDumpArgs struct{ big, others int }

// TestMBRate: under 10 MB/s a rate keeps its tenths (review r8: a 12.7 MiB
// table printed "10.2–23.7 s at 1–1 MB/s", its 0.56–1.3 MB/s rounded away).
func TestMBRate(t *testing.T) {
	tests := []struct {
		bps  float64
		want string
	}{
		{0.56e6, "0.6"}, {1.3e6, "1.3"}, {8.125e6, "8.1"}, {9.96e6, "10"}, {18.75e6, "19"}, {120e6, "120"},
	}
	for _, tc := range tests {
		if got := mbRate(tc.bps); got != tc.want {
			t.Errorf("mbRate(%g) = %q, want %q", tc.bps, got, tc.want)
		}
	}
}
