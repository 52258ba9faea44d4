package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// CPURefOpsPerCPUS is the probe's one-worker CPU rate per CPU-second
// (profile host.cpu.speed.single_ops_per_cpu_s) on the host where
// CPUBytesPerSecPerThread and CPUBytesPerSecPerCore were measured: those
// rates hold at this speed and scale with a host's measured speed. The
// median of the 7 readings (113.9k-134.1k, less the steal read with them)
// taken before each rep of the fit's restores and after the last
// (2026-12-02 04:26-04:31, testdata/cpu-fit-redo1g.json).
const CPURefOpsPerCPUS = 123e3

// cpuSpeedScale is how fast this host's cores run against the host the
// CPU rates were measured on (CPURefOpsPerCPUS), less the hypervisor's
// steal when probed, and how that was read: 1 when the probe measured no
// speed. A core twice as fast parses and inserts a dump about twice as
// fast: the loader and the server are CPU-bound on a fast disk.
func cpuSpeedScale(sp *profile.CPUSpeed) (float64, string) {
	if sp == nil || (sp.SingleOpsPerCPUS <= 0 && sp.SingleOpsPerS <= 0) {
		return 1, "the CPUs' speed not measured: as fast as the host measured"
	}
	speed, how := sp.SingleOpsPerCPUS, "per CPU-second"
	if speed <= 0 {
		// profiles of 0746c4b..cba3036: the wall-clock rate, lowered by whatever shared the CPU then
		speed, how = sp.SingleOpsPerS, "per second (no thread clock read)"
	} else if sp.StealPct != nil {
		how += fmt.Sprintf(", less %.0f%% hypervisor steal", *sp.StealPct)
	}
	scale := coreSpeed(sp) / CPURefOpsPerCPUS
	return scale, fmt.Sprintf("CPUs at %.2fx the measured host's speed (%s units %s against %s)",
		scale, kiloOps(speed), how, kiloOps(CPURefOpsPerCPUS))
}

// coreSpeed is the work units per second one core gives a task while the
// hypervisor takes its steal: the rate per CPU-second less the steal, or
// for profiles without the thread clock the wall-clock rate (the steal is
// in it); 0 when not measured.
func coreSpeed(sp *profile.CPUSpeed) float64 {
	switch {
	case sp == nil:
		return 0
	case sp.SingleOpsPerCPUS > 0 && sp.StealPct != nil:
		return sp.SingleOpsPerCPUS * (1 - *sp.StealPct/100)
	case sp.SingleOpsPerCPUS > 0:
		return sp.SingleOpsPerCPUS
	default:
		return sp.SingleOpsPerS
	}
}

// quietCPURate is the dump bytes per second threads loading sessions
// parse and insert on cores when nothing else runs: CPUBytesPerSecPerThread
// per session, at most CPUBytesPerSecPerCore × cores^CPUCoreExponent times
// the dump's table term (tableFactor; tables 0: unknown, no term), all
// scaled by the host's CPU speed (cpuSpeedScale).
func quietCPURate(sp *profile.CPUSpeed, threads, cores, tables int) (float64, string) {
	scale, why := cpuSpeedScale(sp)
	return scale * min(CPUBytesPerSecPerThread*float64(threads), cpuCoreCap(cores)*tableFactor(tables)), why
}

// cpuCoreCap is the quiet rate's cap on cores at the reference speed.
func cpuCoreCap(cores int) float64 {
	return CPUBytesPerSecPerCore * math.Pow(float64(max(cores, 1)), CPUCoreExponent)
}

// tableFactor is how much faster than the fit's CPUTableRef tables a dump
// of this many tables loads once several sessions run: (tables /
// CPUTableRef)^CPUTableExponent, with tables above CPUTablesMax taken as
// CPUTablesMax (no gain beyond what was measured); 1 when unknown.
func tableFactor(tables int) float64 {
	if tables <= 0 {
		return 1
	}
	return math.Pow(float64(min(tables, CPUTablesMax))/CPUTableRef, CPUTableExponent)
}

// tableText is the table term as the estimate's basis says it ("" when
// the dump's tables are unknown or as many as the fit's).
func tableText(tables int) string {
	f := tableFactor(tables)
	if tables <= 0 || f == 1 {
		return ""
	}
	return fmt.Sprintf(" × %.2f for %s against the measured %d (fewer tables: sessions wait on each other's; %d-%d measured)",
		f, count(tables, "table"), CPUTableRef, CPUTablesMin, CPUTablesMax)
}

// kiloOps renders a rate of work units as "121.5k".
func kiloOps(v float64) string { return fmt.Sprintf("%.1fk", v/1000) }
