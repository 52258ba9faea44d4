package host

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mytune/mytune/profile"
)

// SpeedEach is how long each of MeasureSpeed's two runs lasts: long enough
// for thousands of work units and a few scheduler slices (CFS's default
// latency target is 6-24 ms), short against the probe's ~10 s.
const SpeedEach = 250 * time.Millisecond

// workNumbers and workBytes size one work unit: 64 decimal numbers parsed
// and sorted, 4 KiB hashed (a row's worth of parsing and a page's worth
// of checksumming); one unit takes some tens of microseconds on a
// 2020s x86 core.
const (
	workNumbers = 64
	workBytes   = 4096
)

// MeasureSpeed runs the same fixed CPU work for each on one worker, then
// on one worker per CPU the Go runtime may use (GOMAXPROCS: the cpuset and
// cgroup quota), and reads the hypervisor's steal over the second run from
// <Proc>/stat. Each worker holds its own OS thread and reads that thread's
// CPU time, so the rate per CPU-second (the core's speed while it runs,
// whatever else competes for it) and the share of the wall clock the
// workers ran are known apart. Cancelling ctx stops it with ctx's error.
func MeasureSpeed(ctx context.Context, r Roots, each time.Duration) (*profile.CPUSpeed, error) {
	workers := runtime.GOMAXPROCS(0)
	single, err := runWork(ctx, 1, each)
	if err != nil {
		return nil, fmt.Errorf("measuring one CPU's speed: %w", err)
	}
	before, errBefore := readCPUTicks(r)
	all, err := runWork(ctx, workers, each)
	if err != nil {
		return nil, fmt.Errorf("measuring the speed of %d CPUs: %w", workers, err)
	}
	s := &profile.CPUSpeed{SingleOpsPerS: single.perWall(), AllOpsPerS: all.perWall(), Workers: workers, Each: each}
	if single.cpuOK && single.cpu > 0 && all.cpuOK {
		s.SingleOpsPerCPUS = float64(single.units) / single.cpu.Seconds()
		s.SingleCPUShare = single.cpu.Seconds() / single.wall.Seconds()
		s.AllCPUShare = all.cpu.Seconds() / (all.wall.Seconds() * float64(workers))
	}
	if after, errAfter := readCPUTicks(r); errBefore == nil && errAfter == nil {
		if total := after.total - before.total; total > 0 && after.steal >= before.steal {
			pct := 100 * float64(after.steal-before.steal) / float64(total)
			s.StealPct = &pct
		}
	}
	return s, nil
}

// workRun is what runWork's workers did together: work units, the wall
// time, and the CPU time their threads ran (cpuOK false when a thread's
// clock could not be read).
type workRun struct {
	units     int64
	wall, cpu time.Duration
	cpuOK     bool
}

// perWall is the units per second of wall time.
func (w workRun) perWall() float64 { return float64(w.units) / w.wall.Seconds() }

// runWork runs n workers doing work units for d, each on an OS thread of
// its own, and returns what they did together.
func runWork(ctx context.Context, n int, d time.Duration) (workRun, error) {
	var (
		mu  sync.Mutex
		out = workRun{cpuOK: true}
		wg  sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(d)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0, ok0 := threadCPU()
			units := worker(ctx, deadline)
			c1, ok1 := threadCPU()
			mu.Lock()
			defer mu.Unlock()
			out.units += units
			out.cpu += c1 - c0
			out.cpuOK = out.cpuOK && ok0 && ok1
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return workRun{}, err
	}
	out.wall = time.Since(start)
	return out, nil
}

// worker does work units until deadline (checked every 16 units) or ctx
// ends, and returns how many it did.
func worker(ctx context.Context, deadline time.Time) int64 {
	buf := make([]byte, workBytes)
	for i := range buf {
		buf[i] = byte(i*7 + 3)
	}
	nums := make([]string, workNumbers)
	for i := range nums {
		nums[i] = strconv.Itoa(int((uint32(i)*2654435761 + 12345) % 1000003)) // Knuth's multiplicative hash: varied digits
	}
	scratch := make([]int, workNumbers)
	var units int64
	var sink uint64
	for {
		for range 16 {
			sink += workUnit(buf, nums, scratch)
		}
		units += 16
		if ctx.Err() != nil || !time.Now().Before(deadline) {
			break
		}
	}
	if sink == 42 { // keeps the work from being optimised away; practically never true
		units++
	}
	return units
}

// workUnit is one unit of the fixed work: FNV-1a over buf, the numbers
// parsed and mixed with the hash, then sorted.
func workUnit(buf []byte, nums []string, scratch []int) uint64 {
	h := uint64(14695981039346656037)
	for _, b := range buf {
		h ^= uint64(b)
		h *= 1099511628211
	}
	for i, s := range nums {
		v, _ := strconv.Atoi(s)
		scratch[i] = v ^ int(h>>(i%32)&0xffff)
	}
	slices.Sort(scratch)
	return h + uint64(scratch[0])
}

// cpuTicks are the machine-wide steal and total ticks of <Proc>/stat.
type cpuTicks struct{ steal, total uint64 }

// readCPUTicks reads the "cpu" line of <Proc>/stat (proc(5): user nice
// system idle iowait irq softirq steal ..., in USER_HZ ticks). Kernels
// before 2.6.11 have no steal field: it counts as 0. The total leaves out
// guest and guest_nice, which user and nice already include.
func readCPUTicks(r Roots) (cpuTicks, error) {
	path := filepath.Join(r.Proc, "stat")
	b, err := os.ReadFile(path)
	if err != nil {
		return cpuTicks{}, fmt.Errorf("reading %s: %w", path, err)
	}
	return parseCPUTicks(path, string(b))
}

// parseCPUTicks parses the first line of /proc/stat.
func parseCPUTicks(path, s string) (cpuTicks, error) {
	line, _, _ := strings.Cut(s, "\n")
	f := strings.Fields(line)
	if len(f) < 5 || f[0] != "cpu" {
		return cpuTicks{}, fmt.Errorf("%s: want a first line \"cpu user nice system idle ...\", got %q", path, line)
	}
	var t cpuTicks
	for i, v := range f[1:min(len(f), 9)] {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return cpuTicks{}, fmt.Errorf("%s: field %d %q: %w", path, i+1, v, err)
		}
		t.total += n
		if i == 7 {
			t.steal = n
		}
	}
	return t, nil
}
