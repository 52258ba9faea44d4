package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// Assumptions of the restore's CPU figure on a shared host, fitted to the
// fast bed's end-to-end restores (scripts/bench-restore.sh e2e, myloader
// 0.10 restoring 151.8 MiB of mydumper SQL into MariaDB 10.11 on 2 cores,
// quiet and with 4 and 8 busy loops (--cpu-burners); docs/benchmarks/estimate.md, "The
// estimate on a busy host"):
const (
	// QuietSpreadShare is the slow end's share of the CPU rate the load
	// leaves on a quiet host. The 72 CPU-bound fit restores of two
	// sittings (testdata/cpu-fit-redo1g.json 04:26 and cpu-fit-tables.json
	// 05:13, 2026-12-02, each estimated from the CPU speed read before its
	// rep) ran at 0.61-1.11 of the quiet rate (medians 0.85 and 0.78: the
	// second sitting slower than its speed readings say); 0.65 holds 67 of
	// the 72 (0.75 held 51). Before: 0.75, the spread of 9 quiet restores
	// in one sitting (2026-12-01 run 3: 4.3-5.8 s at 16 threads).
	QuietSpreadShare = 0.65
	// QuietFastShare is the fast end's share of the CPU rate the load
	// leaves on a quiet host: how much faster than its probe readings say a
	// host has loaded. Re-fitted 2026-12-05 09:00 on every fit sitting, each
	// weighted equally (a sitting is one host state; its runs are not
	// independent): the seven CPU-fit sittings (TestCPUFit with the pending
	// ones, the 08:24 sitting new) and the three held-out-format ones
	// (row-width-fit, row-width-fit-1cpu, table-size-fit; cell medians at
	// the printed count). The sittings since 2026-12-04 ran at 0.62-0.84 of
	// the range's middle with the probe reading what the 2026-12-02 ones
	// (0.85-1.18) read, so no reading tells them apart. Mean per-sitting
	// containment 1.3: 0.829, 1.4: 0.881, 1.45: 0.925, 1.5: 0.938, 1.55:
	// 0.941, 1.6: 0.949: 1.5 is the knee, past which no 0.05 step adds 0.01
	// (the rule fixed before the 08:24 sitting was read). The range is then
	// 1.5/0.65 = 2.31x wide where the CPU decides. Before: 1.3 (the most a
	// 2x range allowed; 251 of 273 fit runs), 1.2, 1.1
	// (docs/benchmarks/estimate.md, "The fast end, sitting by sitting").
	QuietFastShare = 1.5
	// UnknownLoadShare is the slow end's share when the profile has no
	// load reading (profiles written before probe recorded conditions):
	// the same restore took 4.8-5.0 s quiet and 8.9-9.7 s at load average
	// 19-25 (run 1), about half; the fast end is then at most twice it
	// (cpuShare), so the range is at most 2x wide.
	UnknownLoadShare = 0.55
)

// cpuShare is the share of the quiet CPU rate a restore with threads
// loading sessions can count on, from the host's load just before the
// probe (l, nil when not recorded). The load average counts tasks waiting
// for I/O as well as for a CPU, so it is weighted by the CPU pressure (the
// share of the last 10 s in which a task waited for a CPU; all of it when
// the kernel has no PSI): cpuLoad. While threads + that load fit the
// cores nothing is lost (QuietSpreadShare to QuietFastShare of the rate:
// the spread between sittings); beyond that the scheduler shares CPU time
// between the restore's sessions and the load's tasks, so the share is
// threads/(threads+load), QuietSpreadShare to QuietFastShare of it (the
// quiet range's width). Measured on 2 cores with 4 busy loops (load 3.4
// and CPU pressure 77% when probed): 4 threads 0.55 of the quiet rate, 16
// threads 0.74-0.83. (Until 2026-12-05 the slow end was
// threads/(threads + 3 × load) where lower, floored at half the fast end;
// with the fast end at 1.3 that floor was the quiet spread itself, so the
// factor no longer decided anything and was taken out.)
func cpuShare(l *profile.Load, threads, cores int) (lo, hi float64, why string) {
	if l == nil {
		hi = min(QuietFastShare, 2*UnknownLoadShare) // at most 2x: no reading of the host's load to go by
		return UnknownLoadShare, hi, fmt.Sprintf("%.0f–%.0f%% of that: the host's load was not recorded when probed", 100*UnknownLoadShare, 100*hi)
	}
	load, loadWhy := cpuLoad(*l)
	t := float64(threads)
	if t+load <= float64(cores) || t/(t+load) >= 0.995 {
		return QuietSpreadShare, QuietFastShare, fmt.Sprintf("%.0f–%.0f%% of that (%s: no CPU time to share with the restore's %s on %s)", 100*QuietSpreadShare, 100*QuietFastShare, loadWhy, count(threads, "session"), count(cores, "CPU"))
	}
	share := t / (t + load)
	lo, hi = QuietSpreadShare*share, QuietFastShare*share
	return lo, hi, fmt.Sprintf("%.0f–%.0f%% of that: %s shares the %s with the restore's %s (%d/(%d+%.2f) × %.2f; × %.2f at the slow end)",
		100*lo, 100*hi, loadWhy, count(cores, "CPU"), count(threads, "session"), threads, threads, load, QuietFastShare, QuietSpreadShare)
}

// cpuLoad is the load that competes for CPUs: the 1-minute load average
// times the CPU pressure's share of the last 10 s, and how it was read.
func cpuLoad(l profile.Load) (float64, string) {
	if l.CPU == nil {
		return l.Load1, fmt.Sprintf("the host's load average of %.2f when probed (no CPU pressure reading)", l.Load1)
	}
	return l.Load1 * l.CPU.SomeAvg10 / 100, fmt.Sprintf("the host's load average of %.2f when probed, %.0f%% of it waiting for a CPU (PSI cpu some avg10)", l.Load1, l.CPU.SomeAvg10)
}

// probeLoad is the host's load just before the disk was measured, nil when
// the profile did not record it.
func probeLoad(s profile.Storage) *profile.Load {
	if s.Conditions == nil {
		return nil
	}
	l := s.Conditions.Before
	return &l
}
