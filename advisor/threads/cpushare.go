package threads

import (
	"fmt"

	"github.com/mytune/mytune/probe/profile"
)

// Assumptions of the restore's CPU figure on a shared host, fitted to the
// fast bed's end-to-end restores (scripts/bench-restore.sh e2e, myloader
// 0.10 restoring 151.8 MiB of mydumper SQL into MariaDB 10.11 on 2 cores;
// BENCHMARK.md, "The estimate on a busy host"):
const (
	// QuietSpreadShare is the slow end's share of the CPU rate when the
	// host's load is known: quiet restores at 16 threads ran 4.3-5.8 s
	// (run 3, 9 restores), 0.75 of the fastest.
	QuietSpreadShare = 0.75
	// UnknownLoadShare is the slow end's share when the profile has no
	// load reading (profiles written before probe recorded conditions):
	// the same restore took 4.8-5.0 s quiet and 8.9-9.7 s at load
	// average 19-25 (run 1), about half; 0.55 keeps the range within the
	// 2x the estimate allows (MaxEstimateWidth).
	UnknownLoadShare = 0.55
)

// cpuShare is the share of the quiet CPU rate a restore with threads
// loading sessions can count on, from the host's load average just before
// the probe (l, nil when not recorded): none is lost while threads + load
// fit the cores; beyond that the scheduler shares CPU time between the
// restore's sessions and the load's runnable tasks about evenly, so the
// restore keeps threads / (threads + load). Measured on 2 cores with 4
// busy loops (load average 3.4 when probed): 4 threads 0.55 of the quiet
// rate (model 0.54), 16 threads 0.74-0.83 (model 0.82). lo is the slow
// end's share, hi the fast end's.
func cpuShare(l *profile.Load, threads, cores int) (lo, hi float64, why string) {
	if l == nil {
		return UnknownLoadShare, 1, fmt.Sprintf("%.0f–100%% of that: the host's load was not recorded when probed", 100*UnknownLoadShare)
	}
	share := 1.0
	if float64(threads)+l.Load1 > float64(cores) {
		share = float64(threads) / (float64(threads) + l.Load1)
	}
	if share >= 0.995 {
		return QuietSpreadShare * share, share, fmt.Sprintf("%.0f–100%% of that (the load average was %.2f on %d CPUs when probed)", 100*QuietSpreadShare, l.Load1, cores)
	}
	return QuietSpreadShare * share, share, fmt.Sprintf("%.0f–%.0f%% of that: the host's load average of %.2f when probed shares the %d CPUs with the restore's %d sessions (%d/(%d+%.2f))",
		100*QuietSpreadShare*share, 100*share, l.Load1, cores, threads, threads, threads, l.Load1)
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
