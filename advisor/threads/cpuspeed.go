package threads

import (
	"fmt"
	"math"
	"strings"

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

// CPUTimeShare is the part of a CPU-bound restore's time, on the host the
// CPU rates were measured on, that follows the cores' speed; the rest
// (1 - CPUTimeShare) follows the memory's latency (the server's B-tree and
// hash lookups wait on cache misses). Fitted on the five CPU-fit sittings
// (testdata/cpu-fit-*.json, 234 runs, 2026-12-02 04:26 to 23:52 on three
// machines of one kind): the restores followed the probe's memory latency
// (sittings at a median 146, 243 and 268 ns ran 1.7, 1.02 and 0.82 of
// the reference rate) and hardly its CPU speed (the 1.46x-speed sitting ran
// 1.02x). Shares 0-0.3 hold 199-205 of the 234 runs in the printed ranges
// (the data cannot tell them apart; scaling by the speed alone, as before:
// 151); 0.3, the top of that band, keeps a slower core slower, as on a
// small board whose core rather than its memory sets the pace
// (docs/benchmarks/estimate.md, "The memory's latency in the CPU rate").
const CPUTimeShare = 0.3

// CPURefMemLoadNs is the memory latency (the probe's random chase,
// profile host.cpu.speed.mem_load_ns) at which the CPU rates hold, fitted
// with CPUTimeShare on the same 234 runs: 300-330 ns hold 199-201 of them
// with the quiet range unchanged (QuietSpreadShare, QuietFastShare); 300
// taken. A profile without the reading counts as this latency.
const CPURefMemLoadNs = 300

// cpuSpeedScale is how fast this host loads a dump on its CPUs against
// the host the CPU rates were measured on, and how that was read: the
// restore's time there split CPUTimeShare to the cores (at their measured
// speed per CPU-second less the hypervisor's steal, against
// CPURefOpsPerCPUS) and the rest to the memory (its measured latency
// against CPURefMemLoadNs); a part not measured counts as the reference.
// 1 when neither was measured.
func cpuSpeedScale(sp *profile.CPUSpeed) (float64, string) {
	coreT, memT := 1.0, 1.0
	var parts []string
	if sp != nil && (sp.SingleOpsPerCPUS > 0 || sp.SingleOpsPerS > 0) {
		speed, how := sp.SingleOpsPerCPUS, "per CPU-second"
		if speed <= 0 {
			// profiles of 0746c4b..cba3036: the wall-clock rate, lowered by whatever shared the CPU then
			speed, how = sp.SingleOpsPerS, "per second (no thread clock read)"
		} else if sp.StealPct != nil {
			how += fmt.Sprintf(", less %.0f%% hypervisor steal", *sp.StealPct)
		}
		coreT = CPURefOpsPerCPUS / coreSpeed(sp)
		parts = append(parts, fmt.Sprintf("cores at %.2fx its speed (%s units %s against %s)",
			1/coreT, kiloOps(speed), how, kiloOps(CPURefOpsPerCPUS)))
	}
	if sp != nil && sp.MemLoadNs > 0 {
		memT = sp.MemLoadNs / CPURefMemLoadNs
		parts = append(parts, fmt.Sprintf("memory %.0f ns a load against %d", sp.MemLoadNs, CPURefMemLoadNs))
	}
	if len(parts) == 0 {
		return 1, "the CPUs' speed not measured: as fast as the host measured"
	}
	scale := 1 / (CPUTimeShare*coreT + (1-CPUTimeShare)*memT)
	return scale, fmt.Sprintf("CPUs at %.2fx the measured host's rate: %s; %.0f%% of its time follows the cores, %.0f%% the memory",
		scale, strings.Join(parts, ", "), 100*CPUTimeShare, 100*(1-CPUTimeShare))
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

// fastCoreGain is how much faster than quietCPURate the fast end's rate
// may be: on one CPU the cap there is the two-CPU cap ÷
// 2^OneCPUFastExponent (cpuCoreCap divides it by 2^CPUCoreExponent); 1 on
// more CPUs, or while the threads, not the cap, decide the rate.
func fastCoreGain(threads, cores, tables int) float64 {
	if cores != 1 {
		return 1
	}
	per, tf := CPUBytesPerSecPerThread*float64(threads), tableFactor(tables)
	return min(per, cpuCoreCap(2)/math.Pow(2, OneCPUFastExponent)*tf) / min(per, cpuCoreCap(1)*tf)
}

// fastCoreText says fastCoreGain's part in the fast end ("" when 1).
func fastCoreText(gain float64) string {
	if gain <= 1 {
		return ""
	}
	return fmt.Sprintf("; × %.2f more at the fast end on one CPU (its cap there 2^-%.1f of two CPUs' against 2^-%.1f: one CPU has done 0.59-0.82 of two's work from sitting to sitting)",
		gain, OneCPUFastExponent, CPUCoreExponent)
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
