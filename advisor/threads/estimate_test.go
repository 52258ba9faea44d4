package threads

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// sdWithPool is an SD-card profile whose server has the given buffer pool.
func sdWithPool(pool string) *profile.Profile {
	p := prof(4, 0, sdCurve, nil)
	p.Storage.SeqWrite.MBPerS = 15
	p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": pool})
	return p
}

// estimateLoadCase is one of TestEstimateLoad's cases: the profile, its
// dump and the range and basis text estimateLoad must give.
type estimateLoadCase struct {
	name      string
	p         *profile.Profile
	dump      *profile.Dump
	low, high time.Duration
	basis     string
}

// estimateLoadCases are TestEstimateLoad's cases, each with the sums behind
// its figures.
func estimateLoadCases() []estimateLoadCase {
	sd := prof(4, 0, sdCurve, nil)
	sd.Storage.SeqWrite.MBPerS = 15
	return []estimateLoadCase{
		{name: "no dump: no estimate", p: prof(2, 0, fastCurve, nil)},
		{name: "fast disk, 2 cores: CPU bound", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32},
			// ≥ 3 threads on 2 cores: min(n × 12.5, 15.5 × 2^0.7 = 25.18) MB/s, at 1.1x (the load unknown: min(QuietFastShare, 2 × UnknownLoadShare)) 27.7 MB/s,
			// 560 MB in 20.2 s; slow: the host's load is unknown, at 0.55 × 25.18 = 13.85 MB/s 40.4 s, slower than
			// the disk's slow end (1500 MB/s ÷ 4.6: 1.7 s)
			low: 20 * time.Second, high: 41 * time.Second, basis: "CPU 25.2 MB/s on a quiet host (12.5 per load thread, at most 25.2 on 2 CPUs"}, // review r14: "CPU 25 MB/s (12 per load thread, at most 25": not the 12.5 and 25.18 used
		{name: "SD card, buffer pool unknown: sequential to random bound", p: sd,
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 80e6, Compression: "none", Tables: 8, Chunks: 32},
			// low: 80 MB / (15 MB/s ÷ 2.2) = 11.7 s + 0.7 s fixed; high: 80 MB / (152 IOPS × 16 KiB ÷ 1.6 = 1.56 MB/s)
			// (4 load threads: the disk sets the pace) = 51.4 s + 0.7 s (the CPU's 80 MB / (0.55 × 64 MB/s) = 2.3 s
			// is faster); 149 IOPS at 4 threads: 52.4 s + 0.7 s; the range rounded outward (rangeOf)
			low: 12 * time.Second, high: 54 * time.Second, basis: "its size is unknown"},
		{name: "SD card, data fits the buffer pool: sequential", p: sdWithPool("1G"),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 80e6, Compression: "none", Tables: 8, Chunks: 32},
			// ~229 MiB of InnoDB data fits 1G, so 2 threads per core, 8; the redo log's size is unknown, so
			// checkpoints may flush: 80 MB / min(15 ÷ 1.16 (the redo alone) = 12.9 MB/s, 152 × 16 KiB × 8 pages a write
			// through the page cache ÷ 0.2) = 6.2 s + 0.7 s fixed, rounded outward;
			// 80 MB / min(15 ÷ 2.3, 152 × 16 KiB ÷ 0.3 = 8.3 MB/s) = 12.3 s + 0.7 s fixed (the tablespace growth, 8
			// tables × 106 syncs at 150 µs ÷ 8^0.36 = 0.06 s at the slow end, is below 0.1 s: left out); plus the
			// loader's start (LoadStartSec, 0.085-0.13 s) and the tables' creation (8 × 2.4 ms at 0.55-1.1 of the
			// CPU: 0.017-0.035 s)
			low: 6900 * time.Millisecond, high: 14 * time.Second, basis: "fits the server 1.0 GiB buffer pool"},
		{name: "SD card, data outgrows the buffer pool: random pages", p: sdWithPool("16M"),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 80e6, Compression: "none", Tables: 8, Chunks: 32},
			// 80 MB / (149 × 16 KiB ÷ 0.9 = 2.71 MB/s) = 29.5 s + 0.7 s; high as with the pool unknown
			low: 30 * time.Second, high: 54 * time.Second, basis: "outgrows the server 16.0 MiB buffer pool"},
		{name: "gzip dump widens by 3-5x", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mydumper", TotalBytes: 56e6, Compression: "gzip", Tables: 8, Chunks: 32},
			// 168 MB / 27.7 MB/s = 6.06 s; 280 MB / 13.85 MB/s = 20.2 s; plus the loader's start (0.085-0.13 s)
			// and the tables' creation (0.017-0.035 s)
			low: 6100 * time.Millisecond, high: 21 * time.Second, basis: "160.2 MiB to 267.0 MiB of SQL"},
		{name: "gzip dump whose uncompressed size was read: not widened", p: prof(2, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mysqldump", TotalBytes: 168e6, FileBytes: 56e6, TotalBytesBasis: profile.DumpBytesUncompressed,
				Compression: "gzip", Tables: 8, Chunks: 1},
			// 1 thread (one session): 168 MB / (1.1 × 12.5) MB/s = 12.2 s; / (0.55 × 12.5) MB/s = 24.4 s, slower
			// than the disk (13.4k × 16 KiB ÷ 2.0 = 110 MB/s: 1.5 s)
			low: 12 * time.Second, high: 25 * time.Second, basis: "160.2 MiB of SQL;"},
		{name: "one CPU: the cap is 15.5, said as 15.5, not 16", p: prof(1, 0, fastCurve, nil),
			dump: &profile.Dump{Format: "mysqldump", TotalBytes: 168e6, FileBytes: 168e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 1},
			// 1 thread: 168 MB / (1.1 × 12.5) MB/s = 12.2 s; / (0.55 × 12.5) MB/s = 24.4 s
			low: 12 * time.Second, high: 25 * time.Second, basis: "CPU 12.5 MB/s on a quiet host (12.5 per load thread, at most 15.5 on 1 CPU"},
	}
}

func TestEstimateLoad(t *testing.T) {
	tests := estimateLoadCases()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.p.Dump = tc.dump
			got := Size(tc.p, Options{Task: TaskLoad}).EstimatedLoad
			if got.Low != tc.low || got.High != tc.high {
				t.Errorf("estimate = %v–%v, want %v–%v (%s)", got.Low, got.High, tc.low, tc.high, got.Basis)
			}
			if !strings.Contains(got.Basis, tc.basis) {
				t.Errorf("basis %q lacks %q", got.Basis, tc.basis)
			}
		})
	}
}

// TestEstimateHostLoad: the CPU figure is shared with the load the probe
// saw (cpuShare): threads / (threads + load) of the quiet rate once the
// two outnumber the cores, QuietFastShare of that at the fast end,
// QuietSpreadShare of it at the slow end; the load weighted by CPU
// pressure where the kernel reports it.
func TestEstimateHostLoad(t *testing.T) {
	dump := &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32}
	tests := []struct {
		name  string
		load1 float64
		// cpuPressure is PSI cpu some avg10, in percent; 0: no PSI reading
		cpuPressure float64
		threads     int
		low, high   time.Duration
		basis       string
	}{
		// 560 MB at 1.5 × 25.18 = 37.8 MB/s = 14.8 s; at 0.65 × 25.18 = 16.4 MB/s 34.2 s
		{name: "idle host", load1: 0, threads: 16, low: 14 * time.Second, high: 35 * time.Second,
			basis: "65–150% of that (the host's load average of 0.00 when probed (no CPU pressure reading): no CPU time to share with the restore's 16 sessions on 2 CPUs)"},
		// 4 busy loops: 16/(16+4) = 0.8, × 1.5 = 1.2 of 25.18 MB/s = 30.2 MB/s, 18.5 s; slow 0.65 × 0.8 = 0.52:
		// 13.1 MB/s, 42.8 s
		{name: "4 busy loops, 16 sessions", load1: 4, threads: 16, low: 18 * time.Second, high: 43 * time.Second,
			basis: "52–120% of that: the host's load average of 4.00 when probed (no CPU pressure reading) shares the 2 CPUs with the restore's 16 sessions (16/(16+4.00) × 1.50; × 0.65 at the slow end)"},
		// 4/(4+4) = 0.5, × 1.5 = 0.75: 18.9 MB/s, 29.7 s; slow 0.65 × 0.5 = 0.325: 8.18 MB/s, 68.4 s
		{name: "4 busy loops, 4 sessions", load1: 4, threads: 4, low: 29 * time.Second, high: 69 * time.Second,
			basis: "(4/(4+4.00) × 1.50; × 0.65 at the slow end)"},
		// a load of 4 with tasks waiting for a CPU 25% of the time: 1 competing task; 16/17 = 0.94, × 1.5 = 1.41:
		// 35.5 MB/s, 15.8 s; slow 0.65 × 0.94 = 0.61: 15.4 MB/s, 36.3 s
		{name: "load mostly I/O wait: weighted by CPU pressure", load1: 4, cpuPressure: 25, threads: 16, low: 15 * time.Second, high: 37 * time.Second,
			basis: "the host's load average of 4.00 when probed, 25% of it waiting for a CPU (PSI cpu some avg10)"},
		// 1 session and a load of 0.5 fit the 2 CPUs: 1.5 × 12.5 = 18.75 MB/s, 29.9 s; slow 0.65 × 12.5 = 8.1 MB/s,
		// 68.9 s, + 0.13 s of tablespace growth (8 tables × 106 syncs at 150 µs, one session): 69.03 s, rounded up
		{name: "room on the CPUs: no share lost", load1: 0.5, threads: 1, low: 29 * time.Second, high: 70 * time.Second,
			basis: "65–150% of that (the host's load average of 0.50 when probed (no CPU pressure reading): no CPU time to share"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, nil)
			p.Dump = dump
			p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: tc.load1}}
			if tc.cpuPressure > 0 {
				p.Storage.Conditions.Before.CPU = &profile.Pressure{SomeAvg10: tc.cpuPressure}
			}
			got := estimateLoad(p, tc.threads, 2, pool{})
			if got.Low != tc.low || got.High != tc.high {
				t.Errorf("estimate = %v–%v, want %v–%v (%s)", got.Low, got.High, tc.low, tc.high, got.Basis)
			}
			if !strings.Contains(got.Basis, tc.basis) {
				t.Errorf("basis %q lacks %q", got.Basis, tc.basis)
			}
		})
	}
}

func TestDurationRangeJSON(t *testing.T) {
	in := DurationRange{Low: 1500 * time.Millisecond, High: 3 * time.Second, Basis: "b"}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"low_s":1.5,"high_s":3,"basis":"b"}` {
		t.Errorf("JSON = %s", b)
	}
	var out DurationRange
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Errorf("round trip = %+v, %v; want %+v", out, err, in)
	}
}

// The plan marshals with the advice contract's field names.
func TestPlanJSONContract(t *testing.T) {
	b, err := json.Marshal(Size(prof(2, 0, fastCurve, nil), Options{}))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"dump", "load", "copy", "commands"} {
		if _, ok := m[k]; !ok {
			t.Errorf("plan JSON lacks %q: %s", k, b)
		}
	}
	var c map[string]any
	if err := json.Unmarshal(m["load"], &c); err != nil || c["threads"] == nil || c["why"] == nil {
		t.Errorf("load choice JSON = %s, want threads and why", m["load"])
	}
	_ = profile.Schema
}

func TestEstimateUnmeasuredDisk(t *testing.T) {
	p := &profile.Profile{Dump: &profile.Dump{TotalBytes: 1 << 30, TotalBytesBasis: profile.DumpBytesUncompressed}}
	r := estimateLoad(p, 2, 2, pool{})
	if r.IsZero() || !strings.Contains(r.Basis, "disk not measured") || strings.Contains(r.Basis, "0.0–0.0") {
		t.Errorf("estimate without a measured disk: %+v", r)
	}
}

// TestEstimateFixedCosts: small dumps on a slow disk are bound by what
// each table costs whatever its rows. Measured on an HDD-like bed
// (testbed custom: 100 IOPS, 100 MB/s; `mytune probe` of it: 52.3 MB/s
// sequential, 75/106/111/122/95 random 16K writes/s at 1/2/4/8/16 threads),
// myloader 0.10 -t 4 into MariaDB 10.11 (128M pool, 96M redo log), medians
// of 3 (docs/benchmarks/estimate.md, "Fixed costs"); the estimate's geometric middle must be
// within ±35% of each.
func TestEstimateFixedCosts(t *testing.T) {
	bed := curve(1, 75, 2, 106, 4, 111, 8, 122, 16, 95)
	tests := []struct {
		name      string
		dump      *profile.Dump
		measuredS float64
		// knownMiss says why the middle misses ±35% (the case must still miss)
		knownMiss string
	}{
		{"4 tables × 20k rows, 15.8 MB (QA's case; was 1–2 s)", &profile.Dump{Format: "mydumper", Path: "/b/d20k", TotalBytes: 15836000, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 4, Chunks: 4}, 3.03, ""}, // a known miss (-43%) until the write-I/O term (iobudget.go): its tablespaces' growth syncs, not its bytes
		{"4 one-row tables (was 0 s)", &profile.Dump{Format: "mydumper", Path: "/b/d1", TotalBytes: 3100, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 4, Chunks: 4}, 0.66, ""},
		{"8 one-row tables", &profile.Dump{Format: "mydumper", Path: "/b/d1x8", TotalBytes: 5900, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 8, Chunks: 8}, 1.35, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, bed, tc.dump)
			p.Storage.SeqWrite.MBPerS = 52.3
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "134217728", "innodb_log_file_size": "100663296"})
			e := estimateLoad(p, 4, 2, poolOf(p, Options{Task: TaskLoad}))
			t.Logf("measured %.2f s, estimate %v–%v", tc.measuredS, e.Low, e.High)
			lo, hi := e.Low.Seconds(), e.High.Seconds()
			miss := math.Abs(math.Sqrt(lo*hi)/tc.measuredS-1) > EstimateSlack
			switch {
			case hi <= lo:
				t.Errorf("estimate %v–%v is not a range", e.Low, e.High)
			case miss && tc.knownMiss == "":
				t.Errorf("measured %.2f s, estimate %v–%v: not a range whose middle is within ±35%%\n%s", tc.measuredS, e.Low, e.High, e.Basis)
			case miss:
				t.Logf("known miss: %s", tc.knownMiss)
			case tc.knownMiss != "":
				t.Errorf("listed as a known miss (%s), but the middle is within ±35%%: take it off", tc.knownMiss)
			}
			if !strings.Contains(e.Basis, "tables × 13 synchronous writes") {
				t.Errorf("basis %q does not state the fixed term", e.Basis)
			}
		})
	}
}

// TestEstimateCPUSpeed: the CPU rate scales by the probe's readings
// against the host the rates were measured on: CPUTimeShare of the time
// follows the cores' speed per CPU-second against CPURefOpsPerCPUS (less
// the steal read with it; a profile with only the wall-clock speed, from
// probes before the thread clock, scales by that without taking the steal
// off again), the rest the memory's latency against CPURefMemLoadNs; a
// part not read counts as the reference; none read: the measured host's
// rate. 560 MB at 16 threads on 2 idle cores: 25.18 MB/s × scale, the fast
// end 1.5 of it, the slow end 0.65.
func TestEstimateCPUSpeed(t *testing.T) {
	steal10 := 10.0
	tests := []struct {
		name      string
		speed     *profile.CPUSpeed
		low, high time.Duration
		basis     string
	}{
		// 560 MB / (1.5 × 25.18 = 37.8 MB/s) = 14.8 s; / 16.4 MB/s = 34.2 s
		{name: "not measured", low: 14 * time.Second, high: 35 * time.Second,
			basis: "the CPUs' speed not measured: as fast as the host measured"},
		{name: "the fit host's speed", speed: &profile.CPUSpeed{SingleOpsPerS: 122e3, SingleOpsPerCPUS: 123e3},
			low: 14 * time.Second, high: 35 * time.Second,
			basis: "CPUs at 1.00x the measured host's rate: cores at 1.00x its speed (123.0k units per CPU-second against 123.0k); 30% of its time follows the cores, 70% the memory"},
		// a core half as fast (a small board's, say), the memory not read: 1/(0.3×2 + 0.7) = 0.769; 19.4 MB/s,
		// × 1.5: 29.1 MB/s, 19.3 s; 12.6 MB/s, 44.5 s
		{name: "half as fast a core", speed: &profile.CPUSpeed{SingleOpsPerS: 61e3, SingleOpsPerCPUS: 61.5e3},
			low: 19 * time.Second, high: 45 * time.Second, basis: "CPUs at 0.77x"},
		// 10% steal: the core at 0.9: 1/(0.3/0.9 + 0.7) = 0.968; 24.4 MB/s, × 1.5: 36.6 MB/s, 15.3 s; 15.8 MB/s, 35.4 s
		{name: "steal taken off", speed: &profile.CPUSpeed{SingleOpsPerS: 110e3, SingleOpsPerCPUS: 123e3, StealPct: &steal10},
			low: 15 * time.Second, high: 36 * time.Second, basis: "per CPU-second, less 10% hypervisor steal"},
		// wall clock only, twice the reference: 1/(0.3×0.5 + 0.7) = 1.176; 29.6 MB/s, × 1.5: 44.4 MB/s, 12.6 s;
		// 19.3 MB/s, 29.1 s; the steal is in that rate already
		{name: "wall-clock speed only", speed: &profile.CPUSpeed{SingleOpsPerS: 246e3, StealPct: &steal10},
			low: 12 * time.Second, high: 30 * time.Second,
			basis: "CPUs at 1.18x the measured host's rate: cores at 2.00x its speed (246.0k units per second (no thread clock read) against 123.0k)"},
		// the memory at half the reference latency, the core at the reference: 1/(0.3 + 0.7×0.5) = 1.538;
		// 38.7 MB/s, × 1.5: 58.1 MB/s, 9.64 s, + the loader's start and the tables' creation (0.06 s at this
		// speed) = 9.7 s; 25.2 MB/s, 22.2 s
		{name: "memory twice as quick", speed: &profile.CPUSpeed{SingleOpsPerS: 123e3, SingleOpsPerCPUS: 123e3, MemLoadNs: 150},
			low: 9700 * time.Millisecond, high: 23 * time.Second,
			basis: "CPUs at 1.54x the measured host's rate: cores at 1.00x its speed (123.0k units per CPU-second against 123.0k), memory 150 ns a load against 300"},
		// the memory alone read, 1.5x slower: 1/(0.3 + 0.7×1.5) = 0.741; 18.7 MB/s, × 1.5: 28.0 MB/s, 20.0 s;
		// 12.1 MB/s, 46.2 s
		{name: "memory alone read", speed: &profile.CPUSpeed{MemLoadNs: 450},
			low: 20 * time.Second, high: 47 * time.Second,
			basis: "CPUs at 0.74x the measured host's rate: memory 450 ns a load against 300"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, nil)
			p.Dump = &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32}
			p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 0}}
			p.Host.CPU.Speed = tc.speed
			got := estimateLoad(p, 16, 2, pool{})
			if got.Low != tc.low || got.High != tc.high {
				t.Errorf("estimate = %v–%v, want %v–%v (%s)", got.Low, got.High, tc.low, tc.high, got.Basis)
			}
			if !strings.Contains(got.Basis, tc.basis) {
				t.Errorf("basis %q lacks %q", got.Basis, tc.basis)
			}
		})
	}
}

// TestEstimateTables: the cap on cores grows with the dump's tables as
// (tables / CPUTableRef)^CPUTableExponent, tables above CPUTablesMax
// counted as CPUTablesMax; a dump of the fit's 8 tables or of unknown
// tables gets no term, and the basis says the term where there is one.
// 560 MB at 16 threads on 2 idle cores at the reference speed.
func TestEstimateTables(t *testing.T) {
	tests := []struct {
		name      string
		tables    int
		low, high time.Duration
		basis     string
	}{
		// 1.5 × 25.18 = 37.8 MB/s: 14.8 s; slow 0.65 × 25.18 = 16.4 MB/s, 34.2 s
		{name: "the fit's 8 tables", tables: 8, low: 14 * time.Second, high: 35 * time.Second, basis: "at most 25.2 on 2 CPUs as measured"},
		{name: "tables unknown", tables: 0, low: 14 * time.Second, high: 35 * time.Second, basis: "at most 25.2 on 2 CPUs as measured"},
		// (32/8)^0.09 = 1.133: 28.5 MB/s, × 1.5: 42.8 MB/s, 13.1 s; 18.5 MB/s, 30.2 s
		{name: "32 tables", tables: 32, low: 13 * time.Second, high: 31 * time.Second,
			basis: "at most 25.2 on 2 CPUs × 1.13 for 32 tables against the measured 8 (fewer tables: sessions wait on each other's; 2-32 measured)"},
		// 500 tables count as 32; their fixed cost, 500 × 13 writes one after another at the commit p50 (150 µs,
		// slower than 13.4k writes/s) = 0.98 s, and growing their tablespaces, 500 × 106 syncs at 150 µs ÷ 16^0.36
		// = 2.9 s at the slow end (÷ 16^0.60: 1.5 s, hidden at the fast end), take the slow end to 30.2 + 0.98 +
		// 2.9 = 34.1 s, and the fixed cost's slow end is ÷ 0.65 (the commit p50 decides): 1.5 s, 0.52 s more;
		// its fast end ÷ 1.5: 0.65 s; creating them, 500 × 2.4 ms ÷ 1.5 = 0.8 s (÷ 0.65: 1.8 s), takes the range
		// to 13.1 + 0.65 + 0.8 = 14.6 and 36.4 s, rounded outward to 14 and 37
		{name: "more tables than measured: no further gain", tables: 500, low: 14 * time.Second, high: 37 * time.Second, basis: "× 1.13 for 500 tables"},
		// (2/8)^0.09 = 0.883: 22.2 MB/s, × 1.5: 33.4 MB/s, 16.8 s; 14.4 MB/s, 38.8 s
		{name: "2 tables", tables: 2, low: 16 * time.Second, high: 39 * time.Second, basis: "× 0.88 for 2 tables"},
		// (1/8)^0.09 = 0.829 (extrapolated): 20.9 MB/s, × 1.5: 31.3 MB/s, 17.9 s; 13.6 MB/s, 41.2 s
		{name: "1 table", tables: 1, low: 17 * time.Second, high: 42 * time.Second, basis: "× 0.83 for 1 table against"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, nil)
			p.Dump = &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: tc.tables, Chunks: 32}
			p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 0}}
			got := estimateLoad(p, 16, 2, pool{})
			if got.Low != tc.low || got.High != tc.high {
				t.Errorf("estimate = %v–%v, want %v–%v (%s)", got.Low, got.High, tc.low, tc.high, got.Basis)
			}
			if !strings.Contains(got.Basis, tc.basis) {
				t.Errorf("basis %q lacks %q", got.Basis, tc.basis)
			}
		})
	}
}

// TestEstimateOneCPU: on one CPU the fast end's cap is the two-CPU cap ÷
// 2^OneCPUFastExponent while the slow end keeps ÷ 2^CPUCoreExponent; where
// the threads, not the cap, decide (one session), or on two CPUs, nothing
// changes. 560 MB of 8 tables on idle cores at the reference speed.
func TestEstimateOneCPU(t *testing.T) {
	tests := []struct {
		name           string
		cores, threads int
		low, high      time.Duration
		basis          string // "" when the basis must not speak of it
	}{
		// cap 25.18 / 2^0.5 = 17.80 MB/s at the fast end, × 1.5: 26.7 MB/s, 21.0 s (+ 0.1 s of start and
		// tables: 21.1); slow 15.5 × 0.65 = 10.08 MB/s, 55.6 s (+ 0.17: 55.8); the gain 17.80/15.5 = 1.15
		// (without it the fast end would be 1.5 × 15.5 = 23.3 MB/s, 24.1 s)
		{name: "one CPU, 8 threads", cores: 1, threads: 8, low: 21 * time.Second, high: 56 * time.Second,
			basis: "× 1.15 more at the fast end on one CPU (its cap there 2^-0.5 of two CPUs' against 2^-0.7"},
		// one session: 12.5 MB/s under either cap; × 1.5: 18.75 MB/s, 29.9 s (+ 0.1: 29.97); × 0.65: 8.13
		// MB/s, 68.9 s, + 0.1 s of growth syncs after it and 0.17 of start and tables: 69.2
		{name: "one CPU, one session", cores: 1, threads: 1, low: 29 * time.Second, high: 70 * time.Second},
		{name: "two CPUs", cores: 2, threads: 16, low: 14 * time.Second, high: 35 * time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(tc.cores, 0, fastCurve, nil)
			p.Dump = &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32}
			p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 0}}
			got := estimateLoad(p, tc.threads, tc.cores, pool{})
			if got.Low != tc.low || got.High != tc.high {
				t.Errorf("estimate = %v–%v, want %v–%v (%s)", got.Low, got.High, tc.low, tc.high, got.Basis)
			}
			if has := strings.Contains(got.Basis, "at the fast end on one CPU"); tc.basis == "" && has || tc.basis != "" && !strings.Contains(got.Basis, tc.basis) {
				t.Errorf("basis %q: want %q", got.Basis, tc.basis)
			}
		})
	}
}
