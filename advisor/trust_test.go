package advisor

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// trustNotesCases are TestTrustNotes' cases: an edit to a quiet, tight
// profile, the notes TrustNotes must give and the structured notes of Trust.
var trustNotesCases = []struct {
	name  string
	edit  func(p *profile.Profile)
	want  []string // each must appear in some note
	count int
	notes []note // the structured notes, in order (Trust)
}{
	{"quiet host, tight figures: nothing (the load after the run is the probe's own)", func(*profile.Profile) {}, nil, 0, nil},
	{"load above the cores", func(p *profile.Profile) { p.Storage.Conditions.Before.Load1 = 5.05 }, []string{"load average 5.05 on 2 CPUs"}, 1, []note{{"busy_load", "host", 5.05, 2, "tasks"}}},
	// QA 13: the quota and cpuset are the server's (probe/serverlimits.go); the load average is the host's
	{"load above a server's cgroup quota, within the host's CPUs: no note", func(p *profile.Profile) {
		p.Host.CPU.QuotaCores = 0.5
		p.Storage.Conditions.Before.Load1 = 1
	}, nil, 0, nil},
	{"load above a server's 1-CPU cpuset, within the host's 8: no note", func(p *profile.Profile) {
		p.Host.CPU.Logical, p.Host.CPU.AllowedCPUs = 8, 1
		p.Storage.Conditions.Before.Load1 = 7.43
	}, nil, 0, nil},
	{"load above the host's CPUs under a quota: on the host's CPUs", func(p *profile.Profile) {
		p.Host.CPU.Logical, p.Host.CPU.QuotaCores = 8, 0.5
		p.Storage.Conditions.Before.Load1 = 9.5
	}, []string{"load average 9.50 on 8 CPUs"}, 1, []note{{"busy_load", "host", 9.5, 8, "tasks"}}},
	{"I/O pressure", func(p *profile.Profile) { p.Storage.Conditions.Before.IO.SomeAvg10 = 54.36 }, []string{"stalled on I/O 54% of the 10 s", "over 10%"}, 1, []note{{"io_pressure", "host", 54.36, 10, "percent"}}},
	{"CPU pressure", func(p *profile.Profile) { p.Storage.Conditions.Before.CPU.SomeAvg10 = 29.8 }, []string{"waited for a CPU 30%"}, 1, []note{{"cpu_pressure", "host", 29.8, 20, "percent"}}},
	{"no PSI on this kernel", func(p *profile.Profile) { p.Storage.Conditions.Before.IO, p.Storage.Conditions.Before.CPU = nil, nil }, nil, 0, nil},
	{"noisy curve point and seq figure", func(p *profile.Profile) {
		p.Storage.RandWrite = append(p.Storage.RandWrite, profile.ThreadPoint{Threads: 1, IOPS: 900, IOPSSpread: &profile.Spread{Slices: 5, P25: 500, P75: 1000}}, profile.ThreadPoint{Threads: 8, IOPS: 42000, IOPSSpread: &profile.Spread{Slices: 5, P25: 23000, P75: 57000}})
		p.Storage.SeqWrite = profile.Throughput{MBPerS: 1148, Spread: &profile.Spread{Slices: 9, P25: 722, P75: 1683}}
	}, []string{"random write at 8 threads 42000 IOPS (23000–57000, 81%)", "random write at 1 thread 900 IOPS", "seq write 1148 MB/s (722–1683, 84%)"}, 1,
		[]note{{"noisy_figure", "seq_write", 83.71, 20, "percent"}, {"noisy_figure", "random_write_1", 55.56, 20, "percent"}, {"noisy_figure", "random_write_8", 80.95, 20, "percent"}}},
	{"a whole-step figure outside its slices' middle half says why (QA: seq write 810 MB/s (2223–2733))", func(p *profile.Profile) {
		p.Storage.SeqWrite = profile.Throughput{MBPerS: 810, Spread: &profile.Spread{Slices: 9, P25: 2223, P75: 2733}}
		p.Storage.Fsync.FdatasyncP50US = 7115
		p.Storage.Fsync.FdatasyncP50Spread = &profile.Spread{Slices: 5, P25: 2130, P75: 6547}
	}, []string{"seq write 810 MB/s (2223–2733, 63%; the figure is over the whole step, stalls and bursts included, so it lies outside its slices' middle half)",
		"fdatasync p50 7115 µs (2130–6547, 62%; the figure is over the whole step"}, 1,
		[]note{{"noisy_figure", "seq_write", 62.96, 20, "percent"}, {"noisy_figure", "fdatasync_p50", 62.08, 20, "percent"}}},
	{"bimodal fdatasync (hdd bed, bench-probe 2026-12-01: p50 97.8 µs, p90 ~97 ms)", func(p *profile.Profile) {
		p.Storage.Fsync = profile.Latency{FdatasyncP50US: 97.8, FdatasyncP90US: 97012, FdatasyncP99US: 103285}
	}, []string{"fdatasync is bimodal: p50 97.8 µs but p90 97012 µs (992x)", "p90 and p99 (103285 µs)"}, 1, []note{{"bimodal_fdatasync", "fdatasync_p50", 991.94, 100, "ratio"}}},
	{"fdatasync tail under load, not bimodal (this disk: p50 56.6 µs, p90 4 ms, 71x): no note", func(p *profile.Profile) {
		p.Storage.Fsync = profile.Latency{FdatasyncP50US: 56.6, FdatasyncP90US: 4000, FdatasyncP99US: 9000}
	}, nil, 0, nil},
	{"16-thread point on few operations (hdd bed, 2026-12-01: 30 completions in its read window)", func(p *profile.Profile) {
		p.Storage.RandWrite = append(p.Storage.RandWrite, profile.ThreadPoint{Threads: 16, IOPS: 150, Ops: 201, WindowOps: 30, IOPSSpread: &profile.Spread{Slices: 2, P25: 148, P75: 152}})
		p.Storage.RandRead = []profile.ThreadPoint{{Threads: 16, IOPS: 64000, Ops: 45000, WindowOps: 40000, IOPSSpread: &profile.Spread{Slices: 5, P25: 63000, P75: 65000}}}
	}, []string{"fewer than 4 per thread (random write at 16 threads 150 IOPS: 30 counted, 1.9 per thread)"}, 1, []note{{"few_operations", "random_write_16", 1.875, 4, "ops_per_thread"}}},
	{"a profile without window counts: no note", func(p *profile.Profile) {
		p.Storage.RandWrite = append(p.Storage.RandWrite, profile.ThreadPoint{Threads: 16, IOPS: 119, Ops: 201, IOPSSpread: &profile.Spread{Slices: 5, P25: 115, P75: 125}})
	}, nil, 0, nil},
	{"not measured: nothing to trust less", func(p *profile.Profile) {
		p.Storage.Measured = false
		p.Storage.Conditions.Before.Load1 = 9
	}, nil, 0, nil},
}

// TestTrustNotes: what makes a measured figure less trustworthy, and what does not.
func TestTrustNotes(t *testing.T) {
	tight := &profile.Spread{Slices: 5, P25: 9800, P75: 10200}
	base := func() *profile.Profile {
		quiet := profile.Load{Load1: 0.4, IO: &profile.Pressure{SomeAvg10: 0.5}, CPU: &profile.Pressure{SomeAvg10: 1}}
		return &profile.Profile{
			Host: profile.Host{CPU: profile.CPU{Logical: 2}},
			Storage: profile.Storage{Measured: true, Conditions: &profile.Conditions{Before: quiet, After: profile.Load{Load1: 17}},
				RandWrite: []profile.ThreadPoint{{Threads: 1, IOPS: 10000, IOPSSpread: tight}}},
		}
	}
	for _, tc := range trustNotesCases {
		t.Run(tc.name, func(t *testing.T) {
			p := base()
			tc.edit(p)
			notes := TrustNotes(p)
			if len(notes) != tc.count {
				t.Errorf("%d notes, want %d: %q", len(notes), tc.count, notes)
			}
			all := strings.Join(notes, "\n")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("notes %q lack %q", all, w)
				}
			}
			checkTrust(t, Trust(p), tc.notes, notes)
		})
	}
}

// note is the data of a profile.TrustNote a case expects, its text aside.
type note struct {
	kind, figure        string
	measured, threshold float64
	unit                string
}

// checkTrust compares the structured notes with want (measured to 0.01)
// and checks that each carries the sentence the text report would print
// were its figure the only one: a note that stands alone prints as it is.
func checkTrust(t *testing.T, got []profile.TrustNote, want []note, printed []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d structured notes, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		g := got[i]
		if g.Kind != w.kind || g.Figure != w.figure || g.Unit != w.unit || g.Threshold != w.threshold || math.Abs(g.Measured-w.measured) > 0.01 {
			t.Errorf("note %d = {%s %s %.4g %g %s}, want %+v", i, g.Kind, g.Figure, g.Measured, g.Threshold, g.Unit, w)
		}
		if len(want) == 1 && (len(printed) != 1 || g.Text != printed[0]) {
			t.Errorf("note %d text %q, want the printed %q", i, g.Text, printed)
		}
		if g.Text == "" {
			t.Errorf("note %d has no text", i)
		}
	}
}
